// Preloaded with `node --import` by startup-modules.test.ts: writes the name of every package the
// main thread of the process loads, one a line, to the file LOAD_LOG names: those imported (a
// module hook, which runs on a thread of its own and so appends to the file itself) and those
// required by CommonJS packages (Fastify's own, which no import hook sees).
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const log = process.env.LOAD_LOG;
const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

if (isMainThread && log) {
  const hook = `
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const found = await next(specifier, context);
      const name = ${PACKAGE}.exec(found.url)?.[1];
      if (name) appendFileSync(${JSON.stringify(log)}, name + '\\n');
      return found;
    }`;
  register('data:text/javascript,' + encodeURIComponent(hook));
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.apply(this, arguments);
    try {
      const name = PACKAGE.exec(Module._resolveFilename(request, parent, isMain))?.[1];
      if (name) appendFileSync(log, name + '\n');
    } catch {
      // a built-in module, or one Node resolves otherwise: not a package
    }
    return loaded;
  };
}
