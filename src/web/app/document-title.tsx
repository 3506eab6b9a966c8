import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useScreenHeading } from './route-info';

/** The window's title names the screen in view; it is written again on every navigation, even to the same words. */
export function DocumentTitle() {
  const { documentTitle } = useScreenHeading();
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key makes it run on every navigation
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle, key]);
  return null;
}
