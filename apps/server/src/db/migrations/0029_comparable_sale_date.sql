-- Comparable sales take a sale date (issue 23 item 18): when the comparable property sold. Null for the sales
-- agents entered before the form asked for it.
ALTER TABLE "comparable_sales" ADD COLUMN "sale_date" date;
