/** The loyalty programme (issue 18): a card of the settings section « promotions ». */
export { LoyaltyCard } from './LoyaltyCard';
