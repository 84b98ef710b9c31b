/** The loyalty programme: a card of the settings section « promotions ». */
export { LoyaltyCard } from './LoyaltyCard';
