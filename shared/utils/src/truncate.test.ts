import { truncate, TRUNCATE_TYPE_ERROR } from './truncate';

describe('truncate', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  it('keeps a text that fits', () => {
    expect(truncate('Vitrine', 7)).toBe('Vitrine');
    expect(truncate('Vitrine', 20)).toBe('Vitrine');
    expect(truncate('', 3)).toBe('');
  });

  it('cuts past max characters and appends an ellipsis', () => {
    expect(truncate('Vitrine digital', 7)).toBe('Vitrine…');
    expect(truncate('abcdef', 3)).toBe('abc…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Olá mundo', 4)).toBe('Olá…');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });

  it('treats a zero or negative max as cut everything, and a non-finite max as no limit', () => {
    expect(truncate('abc', 0)).toBe('…');
    expect(truncate('abc', -5)).toBe('…');
    expect(truncate('abc', Number.NaN)).toBe('abc');
  });

  it('logs the exact Portuguese message and returns empty for a non-string', () => {
    expect(truncate(123, 2)).toBe('');
    expect(truncate(null, 2)).toBe('');
    expect(errorSpy).toHaveBeenCalledTimes(2);
    expect(errorSpy).toHaveBeenCalledWith('O argumento text deve ser uma string.');
    expect(TRUNCATE_TYPE_ERROR).toBe('O argumento text deve ser uma string.');
  });

  it('does not log for a string', () => {
    truncate('abc', 1);
    expect(errorSpy).not.toHaveBeenCalled();
  });
});
