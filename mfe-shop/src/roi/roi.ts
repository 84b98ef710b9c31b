// The ROI simulator's model: a pure function of what the producer enters and of the assumptions shown
// (and editable) on the page. No figure is written anywhere else: the page, the chart and the mail all read `roiOf`.

/** What the producer enters. Bottles are per year, orders per month, hours per week, costs per month (€ HT). */
export interface RoiInputs {
  bottlesCellar: number;
  bottlesFairs: number;
  bottlesOnline: number;
  bottlesTrade: number;
  ordersPerMonth: number;
  invoicingHoursPerWeek: number;
  stockHoursPerWeek: number;
  toolsMonthlyCost: number;
}

/** The assumptions of the estimate: shown next to the results, each one editable. Shares are 0–100 (%). */
export interface RoiAssumptions {
  /** share of the invoicing time saved (quotes, invoices, Factur-X, reminders) */
  invoicingTimeSavedPct: number;
  /** share of the stock and DRM time saved (movements from sales, DRM prepared from them) */
  stockTimeSavedPct: number;
  /** minutes saved per order (keyed once: delivery note, invoice and stock movement follow) */
  minutesSavedPerOrder: number;
  /** what an hour of office work costs (€) */
  hourlyCost: number;
  /** the subscription (€ HT per month) */
  subscriptionMonthly: number;
  /** one-off setup: catalogue import, training (€ HT) */
  setupCost: number;
}

export interface RoiResults {
  /** bottles sold per year, every channel */
  bottlesPerYear: number;
  hoursSavedPerMonth: number;
  /** hours saved × hourly cost */
  moneySavedPerMonth: number;
  /** current tools no longer paid (the subscription replaces them) */
  toolsSavedPerMonth: number;
  subscriptionPerMonth: number;
  /** money saved + tools saved − subscription */
  netGainPerMonth: number;
  netGainPerYear: number;
  /** months for the monthly net gain to pay the setup back; 0 without setup cost; null when there is no gain */
  paybackMonths: number | null;
  /** monthly cost of the office work counted here and of the tools, before and after */
  costBeforePerMonth: number;
  costAfterPerMonth: number;
  /** that cost per bottle sold (yearly cost / bottles per year); null without bottles */
  costPerBottleBefore: number | null;
  costPerBottleAfter: number | null;
}

export const DEFAULT_ASSUMPTIONS: RoiAssumptions = {
  invoicingTimeSavedPct: 60,
  stockTimeSavedPct: 50,
  minutesSavedPerOrder: 3,
  hourlyCost: 25,
  subscriptionMonthly: 49,
  setupCost: 300,
};

export const EMPTY_INPUTS: RoiInputs = {
  bottlesCellar: 0,
  bottlesFairs: 0,
  bottlesOnline: 0,
  bottlesTrade: 0,
  ordersPerMonth: 0,
  invoicingHoursPerWeek: 0,
  stockHoursPerWeek: 0,
  toolsMonthlyCost: 0,
};

/** 52 weeks / 12 months. */
export const WEEKS_PER_MONTH = 52 / 12;

/** §9: numbers rounded to 2 decimals. */
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export function roiOf(inputs: RoiInputs, assumptions: RoiAssumptions = DEFAULT_ASSUMPTIONS): RoiResults {
  const share = (pct: number) => Math.min(Math.max(pct, 0), 100) / 100;
  const bottlesPerYear = inputs.bottlesCellar + inputs.bottlesFairs + inputs.bottlesOnline + inputs.bottlesTrade;

  const orderHours = (inputs.ordersPerMonth * assumptions.minutesSavedPerOrder) / 60;
  const hoursBefore = (inputs.invoicingHoursPerWeek + inputs.stockHoursPerWeek) * WEEKS_PER_MONTH + orderHours;
  const hoursSaved =
    (inputs.invoicingHoursPerWeek * share(assumptions.invoicingTimeSavedPct) +
      inputs.stockHoursPerWeek * share(assumptions.stockTimeSavedPct)) *
      WEEKS_PER_MONTH +
    orderHours;

  const moneySaved = hoursSaved * assumptions.hourlyCost;
  const netGainPerMonth = moneySaved + inputs.toolsMonthlyCost - assumptions.subscriptionMonthly;
  const costBefore = hoursBefore * assumptions.hourlyCost + inputs.toolsMonthlyCost;
  const costAfter = (hoursBefore - hoursSaved) * assumptions.hourlyCost + assumptions.subscriptionMonthly;

  const perBottle = (monthly: number) => (bottlesPerYear > 0 ? round2((monthly * 12) / bottlesPerYear) : null);
  const payback = netGainPerMonth <= 0 ? null : assumptions.setupCost <= 0 ? 0 : round2(assumptions.setupCost / netGainPerMonth);

  return {
    bottlesPerYear,
    hoursSavedPerMonth: round2(hoursSaved),
    moneySavedPerMonth: round2(moneySaved),
    toolsSavedPerMonth: round2(inputs.toolsMonthlyCost),
    subscriptionPerMonth: round2(assumptions.subscriptionMonthly),
    netGainPerMonth: round2(netGainPerMonth),
    netGainPerYear: round2(netGainPerMonth * 12),
    paybackMonths: payback,
    costBeforePerMonth: round2(costBefore),
    costAfterPerMonth: round2(costAfter),
    costPerBottleBefore: perBottle(costBefore),
    costPerBottleAfter: perBottle(costAfter),
  };
}
