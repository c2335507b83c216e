import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { userMedia } from './media.ts';
import { suburbs } from './suburbs.ts';
import {
  PropertyState,
  CompleteType,
  YesNo,
  PropertyType,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
} from '@listwise/domain/enums';
import { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { ListingVerificationStatus };

/**
 * A seller's property: built as a DRAFT by the listing wizard, ACTIVE once published to agents,
 * COMPLETE when the seller reports the outcome. Counts of 5 mean '5+'.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<PropertyState>().notNull().default('DRAFT'),
    completeType: text('complete_type').$type<CompleteType>(),
    unitNumber: text('unit_number'),
    streetNumber: text('street_number'),
    streetName: text('street_name'),
    suburbId: integer('suburb_id').references(() => suburbs.id),
    latitude: real('latitude'),
    longitude: real('longitude'),
    propertyType: text('property_type'),
    numberOfBedrooms: integer('number_of_bedrooms'),
    numberOfBathrooms: integer('number_of_bathrooms'),
    numberOfToilets: integer('number_of_toilets'),
    numberOfCarSpaces: integer('number_of_car_spaces'),
    numberOfLivingSpaces: integer('number_of_living_spaces'),
    propertySizeSqm: integer('property_size_sqm'),
    landSizeSqm: integer('land_size_sqm'),
    propertyAge: integer('property_age'),
    additionalFeatures: text('additional_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    capitalImprovements: text('capital_improvements').$type<YesNo>(),
    estimatedSaleValue: integer('estimated_sale_value'),
    estimatedSaleValueRange: text('estimated_sale_value_range'),
    idealTimeframeOfSale: text('ideal_timeframe_of_sale'),
    preferredMethodOfSale: text('preferred_method_of_sale'),
    areYouThePropertyOwner: text('are_you_the_property_owner').$type<YesNo>(),
    noPropertyOwnerReason: text('no_property_owner_reason'),
    additionalInformation: text('additional_information'),
    askListwiseForMoreAgents: boolean('ask_listwise_for_more_agents').notNull().default(false),
    /**
     * Whether an operator must check that the seller may sell this listing: PENDING from publishing
     * when the seller is not the owner, until an operator VERIFIED or REJECTED it; a rejected listing waits again
     * (PENDING) once its seller uploads proof. NOT_REQUIRED for owners. Each listing is decided on its own.
     */
    verificationStatus: text('verification_status').$type<ListingVerificationStatus>().notNull().default('NOT_REQUIRED'),
    /** Since when the listing waits (publishing, or proof uploaded after a rejection): the console's queue, oldest first. */
    verificationRequestedAt: timestamp('verification_requested_at', { withTimezone: true }),
    /** When an operator verified or rejected it, and why they rejected it (shown to the seller while REJECTED). */
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    verificationRejectionReason: text('verification_rejection_reason'),
    /** Agents chosen for a listing waiting for verification; requests go out when an operator verifies it. */
    heldAgentUserIds: uuid('held_agent_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The seller last changed the published listing (agents see 'Updated'). */
    listingUpdatedAt: timestamp('listing_updated_at', { withTimezone: true }),
    /** Agents asked are e-mailed about the changes at this time (a few minutes after the first, so one edit session sends one e-mail). */
    changeNoticeDueAt: timestamp('change_notice_due_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('properties_state_check', t.state, PropertyState),
    oneOf('properties_complete_type_check', t.completeType, CompleteType),
    oneOf('properties_property_type_check', t.propertyType, PropertyType),
    oneOf('properties_capital_improvements_check', t.capitalImprovements, YesNo),
    oneOf('properties_are_you_the_property_owner_check', t.areYouThePropertyOwner, YesNo),
    oneOf('properties_estimated_sale_value_range_check', t.estimatedSaleValueRange, EstimatedSaleValueRange),
    oneOf('properties_ideal_timeframe_of_sale_check', t.idealTimeframeOfSale, IdealTimeframeOfSale),
    oneOf('properties_preferred_method_of_sale_check', t.preferredMethodOfSale, PreferredMethodOfSale),
    oneOf('properties_verification_status_check', t.verificationStatus, ListingVerificationStatus),
    // Keyset pagination of 'My Properties': newest first.
    index('properties_seller_created_idx').on(t.sellerUserId, t.createdAt.desc(), t.id.desc()),
    // Suburb demand: listings published in a suburb lately, counted for a page of suburbs at once.
    index('properties_suburb_submitted_idx')
      .on(t.suburbId, t.submittedAt)
      .where(sql`${t.submittedAt} is not null`),
    // Suburb demand's sellers waiting for an agent: live listings of the suburb, with their seller,
    // so the count and its look-up of requests read indexes only.
    index('properties_suburb_active_seller_idx')
      .on(t.suburbId, t.sellerUserId, t.id)
      .where(sql`${t.state} = 'ACTIVE' and ${t.heldAgentUserIds} = '{}'::uuid[]`),
    // The job telling agents of listing changes finds the due ones without reading every property.
    index('properties_change_notice_due_idx')
      .on(t.changeNoticeDueAt)
      .where(sql`${t.changeNoticeDueAt} is not null`),
    // The console's verification queue: the listings that wait, oldest first.
    index('properties_verification_queue_idx')
      .on(t.verificationRequestedAt, t.id)
      .where(sql`${t.verificationStatus} = 'PENDING'`),
    // At most one draft per seller: the wizard resumes it.
    uniqueIndex('properties_one_draft_per_seller')
      .on(t.sellerUserId)
      .where(sql`${t.state} = 'DRAFT'`),
  ],
);

export const propertyMedia = pgTable(
  'property_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userMediaId: uuid('user_media_id')
      .notNull()
      .references(() => userMedia.id, { onDelete: 'cascade' }),
    type: text('type').$type<PropertyMediaType>().notNull(),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('property_media_type_check', t.type, PropertyMediaType),
    index('property_media_property_idx').on(t.propertyId, t.type, t.order),
    uniqueIndex('property_media_unique').on(t.propertyId, t.userMediaId),
  ],
);

/**
 * A listing's proof of authority to sell: one document per listing, the latest the seller uploaded.
 * Stored under `authority/` (a key GET /media never serves); read only through a short-lived signed link the API
 * issues to the listing's seller and to operators. Agents never see it.
 */
export const proofOfAuthorityDocuments = pgTable('proof_of_authority_documents', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  sellerUserId: uuid('seller_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  storageKey: text('storage_key').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
});

// Row types, next to their tables: services and resolvers import them from here.
export type PropertyRow = typeof properties.$inferSelect;
