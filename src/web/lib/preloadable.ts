import { type ComponentType, createElement, lazy, useRef } from 'react';

/** A screen or part loaded on demand, whose download can be started before it is first rendered. */
export type Preloadable<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Whether the code has arrived, so that the component renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * React.lazy, but a component whose code has already arrived renders at once instead of suspending. A lazy
 * component always suspends on its first render, even when its module is in hand, and React 19 holds back the
 * content that follows a fallback by up to 300 ms; a page whose code was fetched while the session was checked
 * (preloadSignedInScreens) would pay that for nothing (bench/lighthouse.ts). A place that first rendered before
 * the code came keeps rendering the lazy component, so nothing remounts when it arrives.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    const rendersLazy = useRef(loaded === undefined);
    return createElement((rendersLazy.current ? Lazy : loaded) as ComponentType<P>, props);
  }
  return Object.assign(Preloaded, { preload, isLoaded: () => loaded !== undefined });
}
