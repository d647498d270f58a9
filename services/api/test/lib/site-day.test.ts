import { siteDay } from '../../src/lib/site-day';

describe("siteDay: the company's calendar day of an instant (the published_on pages show)", () => {
  it('is the day in São Paulo, not in UTC or the process time zone', () => {
    expect(siteDay('2026-11-22T01:00:00Z')).toBe('2026-11-21');
    expect(siteDay(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
    expect(siteDay(null)).toBeNull();
  });

  it("follows the zone's history: Brazil's summer time of 2018 (UTC−2) moved midnight", () => {
    // 02:30 UTC on 1 December 2018 was 00:30 in São Paulo then (UTC−2); a fixed UTC−3 would say 30 November.
    expect(siteDay('2018-12-01T02:30:00Z')).toBe('2018-12-01');
  });
});
