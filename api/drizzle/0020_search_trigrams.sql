-- Searches typed for the first time (issue 13/14 speed): the lists search with LIKE / ILIKE '%text%' on names and
-- numbers, which a b-tree cannot serve; trigram GIN indexes (pg_trgm, a trusted extension shipped with PostgreSQL and
-- PGlite) let a search read only the matching rows instead of every row of the shop. Hand-written: the client
-- expressions are exactly those of api/src/modules/clients/crm.repository.ts (CLIENT_SEARCH_TEXT / CLIENT_SEARCH_PHONES).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS crm_clients_search_trgm ON crm_clients USING gin (
  (lower(coalesce(firstname, '') || ' ' || coalesce(lastname, '') || ' ' || coalesce(company, '') || ' ' || coalesce(email, '') || ' ' || coalesce(code, ''))) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS crm_clients_phones_trgm ON crm_clients USING gin (
  (regexp_replace(coalesce(phone, '') || '|' || coalesce(mobile, ''), '\s', '', 'g')) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_number_trgm ON invoices USING gin (number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_client_name_trgm ON invoices USING gin (client_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_number_trgm ON orders USING gin (number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_quote_number_trgm ON orders USING gin (quote_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_buyer_name_trgm ON orders USING gin (buyer_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sales_payments_client_name_trgm ON sales_payments USING gin (client_name gin_trgm_ops);
