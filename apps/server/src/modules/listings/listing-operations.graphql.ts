import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import { searchAddresses, type AddressSuggestion } from './address-search.service.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import * as drafts from './draft-property.service.ts';
import { findMyProperties, findSellerProperty } from './find-properties.service.ts';
import { decryptListingPrefill, prefillKey } from './listing-prefill.ts';
import type { ListingPrefill } from '@listwise/domain/listing';
import {
  AdditionalFeatureEnum,
  EstimatedSaleValueRangeEnum,
  IdealTimeframeOfSaleEnum,
  PreferredMethodOfSaleEnum,
  PropertyTypeEnum,
  YesNoEnum,
} from './property-enums.graphql.ts';
import { agentsForProperty, publishProperty } from './publish-property.service.ts';
import { attachMediaArgs, attachMediaInput, PropertyRef } from './listings.graphql.ts';

/** The listings module's queries and mutations: the seller's draft and its wizard calls, publishing, 'My Properties', address suggestions and the prefill link (the types they answer: listings.graphql.ts). */

const PropertyConnectionRef = builder.connectionObject({ type: PropertyRef, name: 'PropertyConnection' }, { name: 'PropertyEdge' });

const AddressSuggestionRef = builder.objectRef<AddressSuggestion>('AddressSuggestion').implement({
  description: 'An address found for what the seller typed, split into the parts a listing takes.',
  fields: (t) => ({
    description: t.exposeString('description', { description: "The address in one line, to show ('12 George Street, Sydney NSW 2000')." }),
    unitNumber: t.exposeString('unitNumber', { nullable: true, description: 'Null when the address has no unit.' }),
    streetNumber: t.exposeString('streetNumber', { nullable: true, description: 'Null when the address has no number.' }),
    streetName: t.exposeString('streetName', { nullable: true, description: 'Null when the address names no street.' }),
    suburb: t.field({ type: SuburbRef, description: "The address's suburb.", resolve: (s) => s.suburb }),
  }),
});

const ListingPrefillRef = builder.objectRef<ListingPrefill & { addressSuggestion: AddressSuggestion | null }>('ListingPrefill').implement({
  description: "What a partner's listing link fills in for the seller (docs/listing-prefill.md).",
  fields: (t) => ({
    address: t.exposeString('address', { nullable: true, description: 'The address as the partner wrote it; null when not given.' }),
    name: t.exposeString('name', { nullable: true, description: "The seller's name; null when not given." }),
    email: t.exposeString('email', { nullable: true, description: "The seller's e-mail; null when not given." }),
    consent: t.boolean({ description: 'Whether the partner says the seller agreed to be contacted.', resolve: (p) => p.consent === true }),
    addressSuggestion: t.field({
      type: AddressSuggestionRef,
      nullable: true,
      description: 'The first address suggestion for `address`, to pre-select.',
      resolve: (p) => p.addressSuggestion,
    }),
  }),
});

const PropertyDetailsInput = builder.inputType('PropertyDetailsInput', {
  description: "A draft's address and answers; a field left out stays as it is. Answers the property type does not ask are stored empty.",
  fields: (t) => ({
    suburbId: t.id({ description: 'The suburb (not_found when there is none).' }),
    streetName: t.string({ description: 'The street.' }),
    streetNumber: t.string({ description: 'The street number.' }),
    unitNumber: t.string({ description: 'The unit.' }),
    numberOfBedrooms: t.int({ description: 'A count, 0 or more.' }),
    numberOfBathrooms: t.int({ description: 'A count, 0 or more.' }),
    numberOfToilets: t.int({ description: 'A count, 0 or more.' }),
    numberOfCarSpaces: t.int({ description: 'A count, 0 or more.' }),
    numberOfLivingSpaces: t.int({ description: 'A count, 0 or more.' }),
    additionalFeatures: t.field({ type: [AdditionalFeatureEnum], description: 'Every feature ticked (replaces the list).' }),
    propertySizeSqm: t.int({ description: 'Floor area in square metres.' }),
    landSizeSqm: t.int({ description: 'Land area in square metres.' }),
    propertyAge: t.int({ description: 'Age of the building in years.' }),
    capitalImprovements: t.field({ type: YesNoEnum, description: 'Whether the property had capital improvements.' }),
  }),
});

const PropertySaleInformationInput = builder.inputType('PropertySaleInformationInput', {
  description: "The answers of the listing wizard's sale-info step.",
  fields: (t) => ({
    estimatedSaleValueRange: t.field({
      type: EstimatedSaleValueRangeEnum,
      required: true,
      description: "The seller's guess of the price.",
    }),
    idealTimeframeOfSale: t.field({
      type: IdealTimeframeOfSaleEnum,
      required: true,
      description: 'When the seller would like to have sold.',
    }),
    preferredMethodOfSale: t.field({ type: PreferredMethodOfSaleEnum, required: true, description: 'How the seller would like to sell.' }),
    areYouThePropertyOwner: t.field({
      type: YesNoEnum,
      required: true,
      description: "YES makes the seller APPROVED; NO makes them PENDING_VERIFICATION and their listings wait for an operator's check.",
    }),
    noPropertyOwnerReason: t.string({ description: 'Who the seller is to the owner; kept only with NO.' }),
  }),
});

const seller = { seller: true } as const;

builder.queryFields((t) => ({
  currentDraftProperty: t.field({
    type: PropertyRef,
    nullable: true,
    authScopes: seller,
    description: "The signed-in seller's draft (a seller has one at most); null when none.",
    resolve: (_r, _a, ctx) => drafts.findCurrentDraftProperty(ctx.deps.db, currentUser(ctx)),
  }),
  property: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "One of the signed-in seller's properties, in any state.",
    args: { id: t.arg.id({ required: true, description: 'The property id.' }) },
    resolve: (_r, args, ctx) => findSellerProperty(ctx.deps.db, currentUser(ctx), String(args.id)),
  }),
  myProperties: t.field({
    type: PropertyConnectionRef,
    authScopes: seller,
    description: "'My Properties': the signed-in seller's published and finished properties (not the draft), newest first.",
    args: {
      first: t.arg.int({ description: 'How many to answer: 1 to 50, 10 when left out.' }),
      after: t.arg.string({ description: 'The `endCursor` of the previous page.' }),
    },
    resolve: (_r, args, ctx) => findMyProperties(ctx.deps.db, currentUser(ctx), args),
  }),
  agentsForProperty: t.field({
    type: [AgentRef],
    authScopes: seller,
    description:
      'The agents the seller may ask about the property, most experienced first: a live subscription to its suburb, a complete profile and no expired licence. For a published listing, only those not asked yet; empty when its five places are taken.',
    args: { propertyId: t.arg.id({ required: true, description: "One of the seller's properties." }) },
    resolve: (_r, args, ctx) => agentsForProperty(ctx.deps, currentUser(ctx), String(args.propertyId)),
  }),
  searchAddresses: t.field({
    type: [AddressSuggestionRef],
    description: 'Address suggestions for the listing address step (from 3 characters, at most 5). Anyone may ask.',
    args: { query: t.arg.string({ required: true, description: 'What the seller typed.' }) },
    resolve: (_r, args, ctx) => searchAddresses(ctx.deps, args.query, { clientAddress: ctx.clientAddress }),
  }),
  listingPrefill: t.field({
    type: ListingPrefillRef,
    nullable: true,
    description: 'Decrypts the prefill hash of a listing link (docs/listing-prefill.md); null when it is not valid.',
    args: { hash: t.arg.string({ required: true, description: "The link's hash (after `#`)." }) },
    resolve: async (_r, args, ctx) => {
      const data = decryptListingPrefill(prefillKey(ctx.deps.config), args.hash);
      if (!data) return null;
      const [addressSuggestion] = data.address ? await searchAddresses(ctx.deps, data.address, { clientAddress: ctx.clientAddress }) : [];
      return { ...data, addressSuggestion: addressSuggestion ?? null };
    },
  }),
}));

builder.mutationFields((t) => ({
  startNewDraftProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      'Starts a draft at an address. A seller holds one draft at most, so an older unfinished draft is replaced (the wizard edits an existing draft with `updatePropertyDetails`). not_found for an unknown suburb.',
    args: {
      suburbId: t.arg.id({ required: true, description: "The address's suburb." }),
      streetName: t.arg.string({ required: true, description: 'The street.' }),
      streetNumber: t.arg.string({ description: 'The street number.' }),
      unitNumber: t.arg.string({ description: 'The unit.' }),
      latitude: t.arg.float({ description: 'Degrees (WGS 84), from the address suggestion.' }),
      longitude: t.arg.float({ description: 'Degrees (WGS 84), from the address suggestion.' }),
    },
    resolve: (_r, args, ctx) => drafts.startNewDraftProperty(ctx.deps, currentUser(ctx), args),
  }),
  updatePropertyDetails: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Saves any subset of the draft's address and answers.",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      propertyDetails: t.arg({ type: PropertyDetailsInput, required: true, description: 'What changes.' }),
    },
    resolve: (_r, args, ctx) =>
      drafts.updatePropertyDetails(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        propertyDetails: args.propertyDetails,
      }),
  }),
  updatePropertyType: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: 'Saves the property type as soon as the seller picks it; answers the new type does not ask are cleared.',
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      propertyType: t.arg({ type: PropertyTypeEnum, required: true, description: 'The type.' }),
    },
    resolve: (_r, args, ctx) =>
      drafts.updatePropertyType(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), propertyType: args.propertyType }),
  }),
  updatePropertySaleInformation: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "Saves the sale-info step and, through `additionalInformation`, the additional-info step. The owner answer sets the seller's status.",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      propertySaleInformation: t.arg({ type: PropertySaleInformationInput, description: 'The sale-info answers; left out, they stay.' }),
      additionalInformation: t.arg.string({ description: 'Notes to agents, up to 3500 characters; left out, they stay.' }),
    },
    resolve: (_r, args, ctx) =>
      drafts.updatePropertySaleInformation(ctx.deps, currentUser(ctx), { ...args, propertyId: String(args.propertyId) }),
  }),
  attachUserMediaToDraftProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Adds one of the seller's uploads at the end of a media list of the draft; adding it twice changes nothing.",
    args: attachMediaArgs("The seller's draft."),
    resolve: (_r, args, ctx) => drafts.attachUserMediaToDraftProperty(ctx.deps, currentUser(ctx), attachMediaInput(args)),
  }),
  removePropertyMediaFromDraftProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Takes a media off the draft (the upload itself stays the seller's).",
    args: { propertyMediaId: t.arg.id({ required: true, description: 'The `PropertyMedia.id`.' }) },
    resolve: (_r, args, ctx) => drafts.removePropertyMediaFromDraftProperty(ctx.deps, currentUser(ctx), String(args.propertyMediaId)),
  }),
  reorderDraftPropertyMedia: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "Puts the given media of the draft in this order (positions 0, 1, 2…), normally every photo. validation_failed or not_found for an id that is not one of the draft's media.",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      propertyMediaIds: t.arg.idList({ required: true, description: '`PropertyMedia.id`s in their new order.' }),
    },
    resolve: (_r, args, ctx) =>
      drafts.reorderDraftPropertyMedia(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        propertyMediaIds: args.propertyMediaIds.map(String),
      }),
  }),
  publishProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "Publishes the draft (ACTIVE); each chosen agent gets a request, open 48 hours, and an e-mail. Needs a verified e-mail (email_not_verified) and a finished account (profile_incomplete); every required answer (required_questions_not_answered); at most 5 agents, each serving the suburb (validation_failed, not_found); and, when agents are offered, one chosen or `askListwiseForMoreAgents`. When the seller is not the owner, the listing is published but its requests wait for an operator's check, and the call answers verification_pending (no_agents_and_verification_pending when no agent serves the suburb).",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      selectedAgents: t.arg.idList({ required: true, description: 'User ids of the agents chosen from `agentsForProperty`.' }),
      askListwiseForMoreAgents: t.arg.boolean({ description: 'Ask Listwise to find more agents for the suburb.' }),
    },
    resolve: (_r, args, ctx) =>
      publishProperty(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        selectedAgents: args.selectedAgents.map(String),
        askListwiseForMoreAgents: args.askListwiseForMoreAgents,
      }),
  }),
}));
