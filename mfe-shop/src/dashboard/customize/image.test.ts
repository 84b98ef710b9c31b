import { IMAGE_ADDRESS, isTypedAddress, prepareImage } from './image';

describe('prepareImage', () => {
  it('refuses images that are not png, jpeg or webp', async () => {
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    expect(await prepareImage(gif, 100)).toEqual({ error: 'Format non accepté : PNG, JPEG ou WebP uniquement' });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    expect(await prepareImage(png, 100)).toEqual({ url: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it('says the image is too large when it cannot be downscaled (no canvas here)', async () => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(await prepareImage(big, 100)).toEqual({ error: "L'image ne doit pas dépasser 1 Mo" });
  });
});

describe('image addresses', () => {
  it('takes https addresses only', () => {
    expect(IMAGE_ADDRESS.test('https://cdn.example.fr/logo.png')).toBe(true);
    expect(IMAGE_ADDRESS.test('http://cdn.example.fr/logo.png')).toBe(false);
    expect(IMAGE_ADDRESS.test('https://localhost')).toBe(false);
  });

  it('tells a typed address from an upload or the api image path', () => {
    expect(isTypedAddress('https://cdn.example.fr/logo.png')).toBe(true);
    expect(isTypedAddress('data:image/png;base64,AAAA')).toBe(false);
    expect(isTypedAddress('/v1/shops/1/images/logo?v=2')).toBe(false);
    expect(isTypedAddress(null)).toBe(false);
  });
});
