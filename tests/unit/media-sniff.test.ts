import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../server/modules/media/media-sniff';

const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } });

describe('sniffImage', () => {
  it.each([
    ['jpg', () => pixel().jpeg().toBuffer()],
    ['png', () => pixel().png().toBuffer()],
    ['webp', () => pixel().webp().toBuffer()],
    ['gif', () => pixel().gif().toBuffer()],
    ['avif', () => pixel().avif().toBuffer()],
  ] as const)('recognises %s by its bytes', async (format, make) => {
    expect(sniffImage(await make())).toBe(format);
  });

  it('refuses SVG, HTML, text and empty files whatever their name', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<html><script>x</script>',
      'hello',
      '',
    ]) {
      expect(sniffImage(Buffer.from(text))).toBeUndefined();
    }
  });
});
