import { doublePrecision, index, integer, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AustralianState } from '@listwise/domain/enums';
import { oneOf } from './checks.ts';

/** Australian delivery-area localities, imported from the dataset at first start. */
export const suburbs = pgTable(
  'suburbs',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    // Lower-case name for prefix search with text_pattern_ops.
    searchName: text('search_name').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    subscribedAgentsMax: integer('subscribed_agents_max').notNull().default(5),
  },
  (t) => [
    oneOf('suburbs_state_check', t.state, AustralianState),
    uniqueIndex('suburbs_name_state_postcode_unique').on(t.searchName, t.state, t.postcode),
    index('suburbs_search_name_prefix_idx').using('btree', t.searchName.op('text_pattern_ops')),
    index('suburbs_postcode_idx').using('btree', t.postcode.op('text_pattern_ops')),
    // The console's suburbs, alphabetically (search_name is COLLATE "C", so this also serves name prefixes).
    index('suburbs_search_name_id_idx').on(t.searchName, t.id),
    // The nearest suburbs with agents are looked for in widening bands of latitude.
    index('suburbs_latitude_idx').on(t.latitude),
  ],
);

/** Nearest localities of each suburb, precomputed at import (a handful within about 5 km). */
export const nearbySuburbs = pgTable(
  'nearby_suburbs',
  {
    suburbId: integer('suburb_id')
      .notNull()
      .references(() => suburbs.id, { onDelete: 'cascade' }),
    nearbySuburbId: integer('nearby_suburb_id')
      .notNull()
      .references(() => suburbs.id, { onDelete: 'cascade' }),
    distanceKm: real('distance_km').notNull(),
  },
  (t) => [primaryKey({ columns: [t.suburbId, t.nearbySuburbId] })],
);

// Row types, next to their tables: services and resolvers import them from here.
export type SuburbRow = typeof suburbs.$inferSelect;
