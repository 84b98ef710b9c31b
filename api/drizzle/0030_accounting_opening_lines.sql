-- An opening entry (« À nouveaux », journal AN) carries each open item of a third-party account on its own line, with
-- its own piece (the FEC's PieceRef / PieceDate are per record, A47 A-1 LPF) and the entry of the previous year it
-- carries, whose lettering the line shows once the item is settled. Nullable: every other line takes its entry's.
ALTER TABLE "accounting_entry_lines" ADD COLUMN "piece_ref" text;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD COLUMN "piece_date" date;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD COLUMN "open_entry_id" integer;
