import { useEffect } from 'react';
import { useScreenHeading } from './route-info';

export function DocumentTitle() {
  const { documentTitle } = useScreenHeading();
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return null;
}
