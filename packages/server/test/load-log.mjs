// Preloaded with `node --import` by startup-modules.test.ts: writes the name of every package the
// main thread of the process loads, one a line, to the file LOAD_LOG names (module hooks run on
// a thread of their own, so the hook appends to the file itself).
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.LOAD_LOG) {
  const hook = `
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const found = await next(specifier, context);
      const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(found.url)?.[1];
      if (name) appendFileSync(${JSON.stringify(process.env.LOAD_LOG)}, name + '\\n');
      return found;
    }`;
  register('data:text/javascript,' + encodeURIComponent(hook));
}
