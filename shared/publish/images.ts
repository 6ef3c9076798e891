/**
 * Images in print: a picture's pixels come from the Node side (the planner reads no files), with its size, and the
 * planner places it scaled to the width it is given, never upscaled past its own resolution at 150 dpi.
 */

/** An image read and checked on the Node side: its encoded bytes (PNG or JPEG) and its size in pixels. */
export interface PlacedImage {
  /** Rulebook-relative path, as the book or rulebook.yaml names it. */
  readonly path: string;
  readonly width: number;
  readonly height: number;
}

/** Below this a picture is blurred in print: a 600-pixel-wide picture prints at most 4 inches wide. */
const MIN_DPI = 150;

/** The printed size in points of an image fitted into `maxWidth` × `maxHeight`, keeping its proportions. */
export function fitImage(image: PlacedImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const natural = (image.width / MIN_DPI) * 72;
  const scale = Math.min(maxWidth, natural) / image.width;
  let width = image.width * scale;
  let height = image.height * scale;
  if (height > maxHeight) {
    width *= maxHeight / height;
    height = maxHeight;
  }
  return { width, height };
}
