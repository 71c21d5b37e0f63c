/**
 * Screens loaded when first opened, so that the start page and a game do not wait for the code of
 * the analysis board, the lessons, the rules pages or the editor. Vite makes each `import()` a
 * chunk of its own. A chunk that fails to load (the network dropped, or a new version replaced
 * the files) says so and offers a reload, instead of a blank page.
 */

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Messages } from '../i18n/index.js';

export function lazyScreen<P extends { readonly t: Messages }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (screen) => (loaded = screen),
      (e: unknown) => {
        pending = undefined; // the next visit tries again
        throw e;
      },
    );
    return pending;
  };
  return function LazyScreen(props: P) {
    const [screen, setScreen] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (screen) return;
      let current = true;
      start().then(
        (s) => current && setScreen(() => s),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, []);
    const Screen = screen;
    if (Screen) return <Screen {...props} />;
    if (failed)
      return (
        <section class="screen notice" role="alert">
          <h1>{props.t.screenLoadFailed}</h1>
          <p>
            <button type="button" class="action primary" onClick={() => location.reload()}>
              {props.t.reloadPage}
            </button>
          </p>
        </section>
      );
    return <p class="screen notice" aria-busy="true" />;
  };
}
