/**
 * The one way a screen (or a piece of Main) is loaded on demand (docs/reference/house-style.md#bundle-size: lazy `import()` keeps
 * every method's components out of the initial bundle). Not React.lazy: once a chunk is in, its view
 * renders in the same commit as the screen change (no Suspense round), so the shell's focus rule
 * finds the screen's field at once; the first time, the shell focuses it when it arrives. The same
 * holds for the widget's first commit: after `preloadFirstScreen` (preload.ts) a synchronous mount
 * shows the real first screen, never a fallback.
 */
import { type ComponentType, type ReactElement, useEffect, useState } from 'react';
import { useWidget } from './context.ts';
import type { View } from './method.ts';
import type { StringKey } from './strings.ts';

/** A method's view (method.ts types it without React) as the React component it is. */
export const asComponent = <P,>(view: View<P>): ComponentType<P> => view as unknown as ComponentType<P>;

/** A component loaded on first render (or ahead, with `preload`). */
export interface LazyView<P> {
  (props: P): ReactElement | null;
  /** Fetches the chunk now (a failed fetch may be retried); resolves once it is in. */
  preload(): Promise<void>;
}

/** Options of {@link lazyScreen}. */
export interface LazyScreenOptions {
  /** Text of the status line shown while the chunk loads; nothing is shown without one. */
  loading?: StringKey;
}

interface Chunk {
  module?: unknown;
  promise?: Promise<unknown> | undefined;
}

// Keyed by the loader function, so every view of one chunk shares its fetch and its module.
const chunks = new WeakMap<() => Promise<unknown>, Chunk>();

function chunkOf(load: () => Promise<unknown>): Chunk {
  let chunk = chunks.get(load);
  if (!chunk) {
    chunk = {};
    chunks.set(load, chunk);
  }
  return chunk;
}

function fetchChunk(load: () => Promise<unknown>): Promise<unknown> {
  const chunk = chunkOf(load);
  chunk.promise ??= load().then(
    (m) => {
      chunk.module = m;
      return m;
    },
    (e: unknown) => {
      chunk.promise = undefined;
      throw e;
    },
  );
  return chunk.promise;
}

/**
 * A component taken from the chunk `load` fetches (`pick` chooses it from the module). Views made
 * with the same `load` function share one fetch. A chunk that cannot be fetched shows docs/reference/errors.md#messages-by-error-type's
 * 'Unable to contact our servers.' in its place.
 */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, options: LazyScreenOptions = {}): LazyView<P> {
  function Lazy(props: P) {
    const { strings } = useWidget();
    const chunk = chunkOf(load);
    const [, setLoaded] = useState(false);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (chunk.module) return;
      let live = true;
      fetchChunk(load).then(
        () => live && setLoaded(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [chunk]);
    if (chunk.module) {
      const View = pick(chunk.module as M);
      return <View {...props} />;
    }
    if (failed) {
      return (
        <p className="ae-error" part="error" role="alert">
          {strings['error.unreachable']}
        </p>
      );
    }
    if (!options.loading) return null;
    return (
      <p className="ae-helper" part="helper" role="status">
        {strings[options.loading]}
      </p>
    );
  }
  Lazy.preload = () => fetchChunk(load).then(() => undefined);
  return Lazy;
}
