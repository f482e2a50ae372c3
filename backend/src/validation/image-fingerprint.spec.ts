import { dHash, fingerprintImage, hammingDistance } from './image-fingerprint';
import { blankPng, reencodedCopy, screenshotPng, tinyPng } from './validation-fixtures';

describe('image fingerprints', () => {
  it('a re-encoded, resized JPEG copy keeps (nearly) the same dHash; a different picture does not', async () => {
    const png = await screenshotPng(3);
    const copy = await reencodedCopy(png);
    const [a, b, other] = await Promise.all([fingerprintImage(png), fingerprintImage(copy), fingerprintImage(await screenshotPng(42))]);
    expect(a.sha256).not.toBe(b.sha256); // different bytes...
    expect(hammingDistance(a.dhash!, b.dhash!)).toBeLessThanOrEqual(4); // ...same picture
    expect(hammingDistance(a.dhash!, other.dhash!)).toBeGreaterThan(16);
    expect(a).toMatchObject({ readable: true, width: 640, height: 400 });
    expect(b).toMatchObject({ readable: true, width: 560, height: 350 });
    expect(a.dhash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('measures blank and tiny images, and never throws on bytes that are not an image', async () => {
    expect((await fingerprintImage(await blankPng())).stdev).toBe(0);
    expect(await fingerprintImage(await tinyPng())).toMatchObject({ readable: true, width: 16, height: 16 });
    const junk = await fingerprintImage(Buffer.from('GIF89a but not really'));
    expect(junk).toMatchObject({ readable: false, error: expect.stringMatching(/^not a decodable image/) });
    await expect(dHash(Buffer.from('nope'))).rejects.toThrow();
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });
});
