/** A service's colour as a background, with black or white text, whichever reads better on it. */

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;
const FALLBACK = '#64748b';

function channels(hex: string): [number, number, number] {
  const match = HEX.exec(hex);
  let digits = match ? match[1] : FALLBACK.slice(1);
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The background and text colours for a service colour. One of black and white always reaches at least
 * 4.58:1 on any colour, so the text passes WCAG AA whatever colour staff chose.
 */
export function serviceColours(colour: string | null | undefined): {
  backgroundColor: string;
  color: string;
} {
  const background = colour && HEX.test(colour) ? (colour.startsWith('#') ? colour : `#${colour}`) : FALLBACK;
  const text =
    contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
  return { backgroundColor: background, color: text };
}
