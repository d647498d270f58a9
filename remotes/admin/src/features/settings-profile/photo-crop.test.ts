import { croppedSide, PHOTO_SIDE } from './photo-crop';

describe('the cropped photo', () => {
  it('is the framed square at its own size, never upscaled', () => {
    expect(croppedSide({ x: 0, y: 0, width: 300.4, height: 300.4 })).toBe(300);
    expect(croppedSide({ x: 10, y: 20, width: 480, height: 479 })).toBe(479);
  });

  it('is at most PHOTO_SIDE wide, however large the source', () => {
    expect(croppedSide({ x: 0, y: 0, width: 4000, height: 4000 })).toBe(PHOTO_SIDE);
    expect(PHOTO_SIDE).toBe(640);
  });

  it('is at least one pixel', () => {
    expect(croppedSide({ x: 0, y: 0, width: 0.2, height: 0.2 })).toBe(1);
  });
});
