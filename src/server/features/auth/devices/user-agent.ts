import Bowser from 'bowser';

/** 'Chrome' and 'macOS' from a User-Agent header, for the list of signed-in devices and the new-device check. */
export function describeUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return { browser: 'Unknown browser', device: 'Unknown device' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || 'Unknown browser';
  const model =
    parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' ? parsed.platform.model : '';
  const device = model || parsed.os.name || 'Unknown device';
  return { browser, device };
}

/** 'Chrome on macOS'. */
export function deviceLabel(userAgent: string | null | undefined) {
  const { browser, device } = describeUserAgent(userAgent);
  return `${browser} on ${device}`;
}
