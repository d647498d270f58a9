import { choiceFromParams, paramsOfChoice, percentChange, rangeLength, rangeOfChoice, rangeProblem, shortDay } from './dashboard-view';

describe('the dashboard period in the URL', () => {
  it('reads a preset, a custom range, and falls back to 30 days for anything else', () => {
    expect(choiceFromParams(new URLSearchParams(''))).toEqual({ kind: 'preset', days: 30 });
    expect(choiceFromParams(new URLSearchParams('period=7'))).toEqual({ kind: 'preset', days: 7 });
    expect(choiceFromParams(new URLSearchParams('period=8'))).toEqual({ kind: 'preset', days: 30 });
    expect(choiceFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-10'))).toEqual({ kind: 'custom', from: '2026-11-01', to: '2026-11-10' });
    // Backwards, not a real day, or longer than the API allows: the default.
    for (const query of ['from=2026-11-10&to=2026-11-01', 'from=2026-02-30&to=2026-03-02', 'from=2024-01-01&to=2026-01-01', 'from=2026-11-01']) {
      expect(choiceFromParams(new URLSearchParams(query))).toEqual({ kind: 'preset', days: 30 });
    }
  });

  it('writes the default period as a clean URL and round-trips the others', () => {
    expect(paramsOfChoice({ kind: 'preset', days: 30 })).toEqual({});
    expect(paramsOfChoice({ kind: 'preset', days: 90 })).toEqual({ period: '90' });
    const custom = { kind: 'custom', from: '2026-10-01', to: '2026-10-31' } as const;
    expect(choiceFromParams(new URLSearchParams(paramsOfChoice(custom)))).toEqual(custom);
  });

  it('a preset ends today and spans its days', () => {
    const range = rangeOfChoice({ kind: 'preset', days: 7 }, '2026-11-23');
    expect(range).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(rangeLength(range)).toBe(7);
    expect(rangeOfChoice({ kind: 'preset', days: 30 }, '2026-03-01').from).toBe('2026-01-31');
  });

  it('accepts a typed range only when the reports can be asked for it', () => {
    const today = '2026-11-23';
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-23' }, today)).toBeNull();
    expect(rangeProblem({ from: '2026-11-23', to: '2026-11-23' }, today)).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-10' }, today)).toBe('incomplete');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-02' }, today)).toBe('incomplete');
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-24' }, today)).toBe('future');
    expect(rangeProblem({ from: '2026-11-10', to: '2026-11-01' }, today)).toBe('order');
    // 366 days at most (DASHBOARD_MAX_DAYS): a leap year fits, one day more does not.
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' }, today)).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' }, today)).toBe('tooLong');
  });
});

describe('the figures', () => {
  it('compares with the previous period only when there was something', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('labels a day in the reader’s language, whatever the local time zone', () => {
    expect(shortDay('2026-11-01', 'en-US')).toBe('Nov 1');
    expect(shortDay('2026-11-01', 'pt-BR')).toMatch(/^1 de nov/);
  });
});
