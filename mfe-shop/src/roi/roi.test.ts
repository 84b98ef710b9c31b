import { DEFAULT_ASSUMPTIONS, EMPTY_INPUTS, roiOf, type RoiInputs } from './roi';

// Every expected figure below is computed by hand (a month = 52/12 weeks), not read back from roiOf.
const producer: RoiInputs = {
  bottlesCellar: 6000,
  bottlesFairs: 2000,
  bottlesOnline: 1500,
  bottlesTrade: 10500,
  ordersPerMonth: 40,
  invoicingHoursPerWeek: 4,
  stockHoursPerWeek: 3,
  toolsMonthlyCost: 60,
};

describe('roiOf', () => {
  it('computes a typical producer with the default assumptions (60 %, 50 %, 3 min per order, 25 €/h, 49 €/month, 300 € setup)', () => {
    // saved per week: 4 h × 60 % + 3 h × 50 % = 3.9 h → × 52/12 = 16.9 h; orders: 40 × 3 min = 2 h → 18.9 h
    // money: 18.9 × 25 = 472.50 €; net: 472.50 + 60 − 49 = 483.50 €/month, × 12 = 5 802 €
    // payback: 300 / 483.50 = 0.62 month
    // before: (7 × 52/12 + 2) h × 25 + 60 = 868.33 €; after: (32.333 − 18.9) h × 25 + 49 = 384.83 €
    // per bottle (20 000 a year): 868.33 × 12 / 20 000 = 0.52 €; 384.83 × 12 / 20 000 = 0.23 €
    expect(roiOf(producer, DEFAULT_ASSUMPTIONS)).toEqual({
      bottlesPerYear: 20000,
      hoursSavedPerMonth: 18.9,
      moneySavedPerMonth: 472.5,
      toolsSavedPerMonth: 60,
      subscriptionPerMonth: 49,
      netGainPerMonth: 483.5,
      netGainPerYear: 5802,
      paybackMonths: 0.62,
      costBeforePerMonth: 868.33,
      costAfterPerMonth: 384.83,
      costPerBottleBefore: 0.52,
      costPerBottleAfter: 0.23,
    });
  });

  it('follows edited assumptions', () => {
    // 10 h × 100 % × 52/12 = 43.33 h; × 30 € = 1 300 €; net 1 300 − 100 = 1 200 €/month; no setup: paid back at once
    const r = roiOf(
      { ...EMPTY_INPUTS, invoicingHoursPerWeek: 10, stockHoursPerWeek: 2 },
      { invoicingTimeSavedPct: 100, stockTimeSavedPct: 0, minutesSavedPerOrder: 0, hourlyCost: 30, subscriptionMonthly: 100, setupCost: 0 },
    );
    expect(r.hoursSavedPerMonth).toBe(43.33);
    expect(r.moneySavedPerMonth).toBe(1300);
    expect(r.netGainPerMonth).toBe(1200);
    expect(r.netGainPerYear).toBe(14400);
    expect(r.paybackMonths).toBe(0);
    // before: 12 h × 52/12 × 30 = 1 560 €; after: the 2 stock hours a week stay (260 €) + 100 €
    expect(r.costBeforePerMonth).toBe(1560);
    expect(r.costAfterPerMonth).toBe(360);
  });

  it('pays a bigger setup back over several months', () => {
    expect(roiOf(producer, { ...DEFAULT_ASSUMPTIONS, setupCost: 1000 }).paybackMonths).toBe(2.07); // 1000 / 483.50
  });

  it('says there is no payback when the subscription costs more than it saves', () => {
    const r = roiOf(EMPTY_INPUTS, DEFAULT_ASSUMPTIONS);
    expect(r.hoursSavedPerMonth).toBe(0);
    expect(r.netGainPerMonth).toBe(-49);
    expect(r.netGainPerYear).toBe(-588);
    expect(r.paybackMonths).toBeNull();
    expect(r.costPerBottleBefore).toBeNull();
    expect(r.costAfterPerMonth).toBe(49);
  });

  it('keeps a share within 0–100 %', () => {
    const over = roiOf({ ...EMPTY_INPUTS, invoicingHoursPerWeek: 3 }, { ...DEFAULT_ASSUMPTIONS, invoicingTimeSavedPct: 150 });
    expect(over.hoursSavedPerMonth).toBe(13); // 3 × 100 % × 52/12
  });
});
