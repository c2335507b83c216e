import { valuesOf } from '@listwise/domain/enums';
import { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { PROPERTY_QUESTIONS, questionRequirementsFor, type QuestionRequirements } from '@listwise/domain/question-requirements';
import type { PropertyType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import { searchAddresses, type AddressSuggestion } from './address-search.service.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import * as drafts from './draft-property.service.ts';
import { findMyProperties, findSellerProperty } from './find-properties.service.ts';
import { listingLoaders } from './listing-loaders.ts';
import { decryptListingPrefill, prefillKey } from './listing-prefill.ts';
import type { ListingPrefill } from '@listwise/domain/listing';
import type { PropertyRow } from '../../db/schema/properties.ts';
import {
  AdditionalFeatureEnum,
  CompleteTypeEnum,
  EstimatedSaleValueRangeEnum,
  IdealTimeframeOfSaleEnum,
  PreferredMethodOfSaleEnum,
  PropertyMediaTypeEnum,
  PropertyStateEnum,
  PropertyTypeEnum,
  QuestionRequirementEnum,
  YesNoEnum,
} from './property-enums.graphql.ts';
import { mayReadProofOfAuthority, mayUploadProof, proofOfAuthorityUrl, type ProofOfAuthorityRow } from './proof-of-authority.service.ts';
import { agentsForProperty, isAwaitingVerification, publishProperty } from './publish-property.service.ts';

/**
 * The listings module's API (spec 001 §7): the Property type shared by sellers and agents, the seller's draft
 * and its wizard calls, publishing to agents, 'My Properties' and the property detail, address suggestions and
 * the prefill link. Resolvers stay thin: the services parse, authorise and apply the rules.
 */

/**
 * A property as the API shows it. The appraisal loop passes `detailsHidden: true` for an agent who has not
 * accepted the payment condition: the street, unit, coordinates, media and free-text notes then resolve to
 * null or [] (PRODUCT.md 'Appraisal requests').
 */
export type PropertyViewRow = PropertyRow & { detailsHidden?: boolean };

const hidden = (p: PropertyViewRow) => p.detailsHidden === true;
const unlessHidden = <T>(p: PropertyViewRow, value: T): T | null => (hidden(p) ? null : value);

export const ListingVerificationStatusEnum = builder.enumType('ListingVerificationStatus', { values: valuesOf(ListingVerificationStatus) });

export const ProofOfAuthorityRef = builder.objectRef<ProofOfAuthorityRow>('ProofOfAuthority').implement({
  description: "A listing's proof of authority to sell (a signed authority or a rates notice), as its seller uploaded it.",
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    mimeType: t.exposeString('mimeType'),
    sizeBytes: t.exposeInt('sizeBytes'),
    uploadedAt: t.expose('uploadedAt', { type: 'DateTime' }),
    url: t.string({
      description: 'A link to the document that works for a few minutes; only its seller and operators are given one.',
      resolve: (d, _a, ctx) => proofOfAuthorityUrl(ctx.deps, d.propertyId),
    }),
  }),
});

const PropertyMediaRef = builder.objectRef<drafts.PropertyMediaRow>('PropertyMedia').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: PropertyMediaTypeEnum, resolve: (m) => m.type }),
    order: t.exposeInt('order'),
    userMedia: t.field({
      type: UserMediaRef,
      resolve: async (m, _a, ctx) => (await ctx.loaders.userMediaById.load(m.userMediaId))!,
    }),
  }),
});

const QuestionRequirementsRef = builder.objectRef<QuestionRequirements>('QuestionRequirements').implement({
  description: 'Whether each property question is asked for this property type: NOT_REQUIRED (hidden), OPTIONAL or REQUIRED.',
  fields: (t) =>
    Object.fromEntries(
      PROPERTY_QUESTIONS.map((question) => [question, t.field({ type: QuestionRequirementEnum, resolve: (r) => r[question] })]),
    ) as Record<(typeof PROPERTY_QUESTIONS)[number], ReturnType<typeof t.field>>,
});

/**
 * A property's media of one type. Media whose file was refused or failed processing is shown to the seller only
 * (who can remove it); agents never see it, so it can never become the hero image of a request.
 */
const mediaOfType = async (p: PropertyViewRow, ctx: GraphQLContext, type: drafts.PropertyMediaRow['type']) => {
  if (hidden(p)) return [];
  const media = (await listingLoaders(ctx).mediaByPropertyId.load(p.id)).filter((m) => m.type === type);
  if (ctx.user?.id === p.sellerUserId) return media;
  const files = await Promise.all(media.map((m) => ctx.loaders.userMediaById.load(m.userMediaId)));
  return media.filter((_m, i) => files[i] && !files[i].processingError);
};

const enumValue = <T>(value: string | null) => value as T | null;

export const PropertyRef = builder.objectRef<PropertyViewRow>('Property').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    state: t.field({ type: PropertyStateEnum, resolve: (p) => p.state }),
    completeType: t.field({ type: CompleteTypeEnum, nullable: true, resolve: (p) => p.completeType }),
    unitNumber: t.string({ nullable: true, resolve: (p) => unlessHidden(p, p.unitNumber) }),
    streetNumber: t.string({ nullable: true, resolve: (p) => unlessHidden(p, p.streetNumber) }),
    streetName: t.string({ nullable: true, resolve: (p) => unlessHidden(p, p.streetName) }),
    latitude: t.float({ nullable: true, resolve: (p) => unlessHidden(p, p.latitude) }),
    longitude: t.float({ nullable: true, resolve: (p) => unlessHidden(p, p.longitude) }),
    suburb: t.field({
      type: SuburbRef,
      nullable: true,
      resolve: (p, _a, ctx) => (p.suburbId == null ? null : listingLoaders(ctx).suburbById.load(p.suburbId)),
    }),
    propertyType: t.field({ type: PropertyTypeEnum, nullable: true, resolve: (p) => enumValue<PropertyType>(p.propertyType) }),
    numberOfBedrooms: t.exposeInt('numberOfBedrooms', { nullable: true }),
    numberOfBathrooms: t.exposeInt('numberOfBathrooms', { nullable: true }),
    numberOfToilets: t.exposeInt('numberOfToilets', { nullable: true }),
    numberOfCarSpaces: t.exposeInt('numberOfCarSpaces', { nullable: true }),
    numberOfLivingSpaces: t.exposeInt('numberOfLivingSpaces', { nullable: true }),
    propertySizeSqm: t.exposeInt('propertySizeSqm', { nullable: true }),
    landSizeSqm: t.exposeInt('landSizeSqm', { nullable: true }),
    propertyAge: t.exposeInt('propertyAge', { nullable: true, description: 'Age of the building in years.' }),
    additionalFeatures: t.field({
      type: [AdditionalFeatureEnum],
      resolve: (p) => p.additionalFeatures as (typeof AdditionalFeatureEnum)['$inferType'][],
    }),
    capitalImprovements: t.field({ type: YesNoEnum, nullable: true, resolve: (p) => p.capitalImprovements }),
    estimatedSaleValue: t.exposeInt('estimatedSaleValue', { nullable: true }),
    estimatedSaleValueRange: t.field({
      type: EstimatedSaleValueRangeEnum,
      nullable: true,
      resolve: (p) => enumValue<(typeof EstimatedSaleValueRangeEnum)['$inferType']>(p.estimatedSaleValueRange),
    }),
    idealTimeframeOfSale: t.field({
      type: IdealTimeframeOfSaleEnum,
      nullable: true,
      resolve: (p) => enumValue<(typeof IdealTimeframeOfSaleEnum)['$inferType']>(p.idealTimeframeOfSale),
    }),
    preferredMethodOfSale: t.field({
      type: PreferredMethodOfSaleEnum,
      nullable: true,
      resolve: (p) => enumValue<(typeof PreferredMethodOfSaleEnum)['$inferType']>(p.preferredMethodOfSale),
    }),
    areYouThePropertyOwner: t.field({ type: YesNoEnum, nullable: true, resolve: (p) => p.areYouThePropertyOwner }),
    noPropertyOwnerReason: t.string({ nullable: true, resolve: (p) => unlessHidden(p, p.noPropertyOwnerReason) }),
    additionalInformation: t.string({ nullable: true, resolve: (p) => unlessHidden(p, p.additionalInformation) }),
    photos: t.field({ type: [PropertyMediaRef], resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'PHOTO') }),
    floorplans: t.field({ type: [PropertyMediaRef], resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'FLOOR_PLAN') }),
    videos: t.field({ type: [PropertyMediaRef], resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'VIDEO') }),
    questionRequirements: t.field({
      type: QuestionRequirementsRef,
      resolve: (p) => questionRequirementsFor(enumValue<PropertyType>(p.propertyType)),
    }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    detailsHidden: t.boolean({ resolve: (p) => hidden(p) }),
    askListwiseForMoreAgents: t.boolean({ resolve: (p) => !hidden(p) && p.askListwiseForMoreAgents }),
    appraisalCount: t.int({
      description: 'Appraisals the seller has received (submitted by agents); 0 for anyone but the seller.',
      // Agents reach this type through their requests and must not learn how many competitors answered.
      resolve: (p, _a, ctx) => (ctx.user?.id === p.sellerUserId ? listingLoaders(ctx).appraisalCountByPropertyId.load(p.id) : 0),
    }),
    isAwaitingVerification: t.boolean({
      description:
        'Listwise must verify that the seller may sell this listing (not the owner) before the chosen agents receive the request: it waits, or was rejected and waits for proof.',
      resolve: (p) => !hidden(p) && p.state === 'ACTIVE' && isAwaitingVerification(p),
    }),
    verificationStatus: t.field({
      type: ListingVerificationStatusEnum,
      description: 'Where the listing stands in verification; NOT_REQUIRED when the seller is the owner.',
      resolve: (p) => p.verificationStatus,
    }),
    verificationRejectionReason: t.string({
      nullable: true,
      description: 'Why an operator could not verify the listing: to its seller and operators only, while REJECTED.',
      resolve: (p, _a, ctx) =>
        p.verificationStatus === 'REJECTED' && mayReadProofOfAuthority(ctx.user, p) ? p.verificationRejectionReason : null,
    }),
    canUploadProofOfAuthority: t.boolean({
      description: "Whether the listing's seller may upload proof of authority to sell (PUT /properties/<id>/proof-of-authority).",
      resolve: (p, _a, ctx) => ctx.user?.id === p.sellerUserId && mayUploadProof(p),
    }),
    proofOfAuthority: t.field({
      type: ProofOfAuthorityRef,
      nullable: true,
      description: 'The proof of authority to sell the seller uploaded: to the seller and operators only, never to agents.',
      resolve: (p, _a, ctx) => (mayReadProofOfAuthority(ctx.user, p) ? listingLoaders(ctx).proofOfAuthorityByPropertyId.load(p.id) : null),
    }),
  }),
});

const PropertyConnectionRef = builder.connectionObject({ type: PropertyRef, name: 'PropertyConnection' }, { name: 'PropertyEdge' });

const AddressSuggestionRef = builder.objectRef<AddressSuggestion>('AddressSuggestion').implement({
  fields: (t) => ({
    description: t.exposeString('description'),
    unitNumber: t.exposeString('unitNumber', { nullable: true }),
    streetNumber: t.exposeString('streetNumber', { nullable: true }),
    streetName: t.exposeString('streetName', { nullable: true }),
    suburb: t.field({ type: SuburbRef, resolve: (s) => s.suburb }),
  }),
});

const ListingPrefillRef = builder.objectRef<ListingPrefill & { addressSuggestion: AddressSuggestion | null }>('ListingPrefill').implement({
  fields: (t) => ({
    address: t.exposeString('address', { nullable: true }),
    name: t.exposeString('name', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    consent: t.boolean({ resolve: (p) => p.consent === true }),
    addressSuggestion: t.field({
      type: AddressSuggestionRef,
      nullable: true,
      description: 'The first address suggestion for `address`, to pre-select.',
      resolve: (p) => p.addressSuggestion,
    }),
  }),
});

const PropertyDetailsInput = builder.inputType('PropertyDetailsInput', {
  fields: (t) => ({
    suburbId: t.id(),
    streetName: t.string(),
    streetNumber: t.string(),
    unitNumber: t.string(),
    numberOfBedrooms: t.int(),
    numberOfBathrooms: t.int(),
    numberOfToilets: t.int(),
    numberOfCarSpaces: t.int(),
    numberOfLivingSpaces: t.int(),
    additionalFeatures: t.field({ type: [AdditionalFeatureEnum] }),
    propertySizeSqm: t.int(),
    landSizeSqm: t.int(),
    propertyAge: t.int(),
    capitalImprovements: t.field({ type: YesNoEnum }),
  }),
});

const PropertySaleInformationInput = builder.inputType('PropertySaleInformationInput', {
  fields: (t) => ({
    estimatedSaleValueRange: t.field({ type: EstimatedSaleValueRangeEnum, required: true }),
    idealTimeframeOfSale: t.field({ type: IdealTimeframeOfSaleEnum, required: true }),
    preferredMethodOfSale: t.field({ type: PreferredMethodOfSaleEnum, required: true }),
    areYouThePropertyOwner: t.field({ type: YesNoEnum, required: true }),
    noPropertyOwnerReason: t.string(),
  }),
});

const seller = { seller: true } as const;

builder.queryFields((t) => ({
  currentDraftProperty: t.field({
    type: PropertyRef,
    nullable: true,
    authScopes: seller,
    resolve: (_r, _a, ctx) => drafts.findCurrentDraftProperty(ctx.deps.db, currentUser(ctx)),
  }),
  property: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findSellerProperty(ctx.deps.db, currentUser(ctx), String(args.id)),
  }),
  myProperties: t.field({
    type: PropertyConnectionRef,
    authScopes: seller,
    args: { first: t.arg.int(), after: t.arg.string() },
    resolve: (_r, args, ctx) => findMyProperties(ctx.deps.db, currentUser(ctx), args),
  }),
  agentsForProperty: t.field({
    type: [AgentRef],
    authScopes: seller,
    args: { propertyId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => agentsForProperty(ctx.deps, currentUser(ctx), String(args.propertyId)),
  }),
  searchAddresses: t.field({
    type: [AddressSuggestionRef],
    description: 'Address suggestions for the listing address step (from 3 characters, at most 5).',
    args: { query: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => searchAddresses(ctx.deps, args.query, { clientAddress: ctx.clientAddress }),
  }),
  listingPrefill: t.field({
    type: ListingPrefillRef,
    nullable: true,
    description: 'Decrypts the prefill hash of a listing link (docs/listing-prefill.md); null when it is not valid.',
    args: { hash: t.arg.string({ required: true }) },
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
    args: {
      suburbId: t.arg.id({ required: true }),
      streetName: t.arg.string({ required: true }),
      streetNumber: t.arg.string(),
      unitNumber: t.arg.string(),
      latitude: t.arg.float(),
      longitude: t.arg.float(),
    },
    resolve: (_r, args, ctx) => drafts.startNewDraftProperty(ctx.deps, currentUser(ctx), args),
  }),
  updatePropertyDetails: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: {
      propertyId: t.arg.id({ required: true }),
      propertyDetails: t.arg({ type: PropertyDetailsInput, required: true }),
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
    args: { propertyId: t.arg.id({ required: true }), propertyType: t.arg({ type: PropertyTypeEnum, required: true }) },
    resolve: (_r, args, ctx) =>
      drafts.updatePropertyType(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), propertyType: args.propertyType }),
  }),
  updatePropertySaleInformation: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: {
      propertyId: t.arg.id({ required: true }),
      propertySaleInformation: t.arg({ type: PropertySaleInformationInput }),
      additionalInformation: t.arg.string(),
    },
    resolve: (_r, args, ctx) =>
      drafts.updatePropertySaleInformation(ctx.deps, currentUser(ctx), { ...args, propertyId: String(args.propertyId) }),
  }),
  attachUserMediaToDraftProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: {
      propertyId: t.arg.id({ required: true }),
      propertyMediaType: t.arg({ type: PropertyMediaTypeEnum, required: true }),
      userMediaId: t.arg.id({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      drafts.attachUserMediaToDraftProperty(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        propertyMediaType: args.propertyMediaType,
        userMediaId: String(args.userMediaId),
      }),
  }),
  removePropertyMediaFromDraftProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: { propertyMediaId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => drafts.removePropertyMediaFromDraftProperty(ctx.deps, currentUser(ctx), String(args.propertyMediaId)),
  }),
  reorderDraftPropertyMedia: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: 'Puts the given media of the draft in this order (positions 0, 1, 2…).',
    args: { propertyId: t.arg.id({ required: true }), propertyMediaIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      drafts.reorderDraftPropertyMedia(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        propertyMediaIds: args.propertyMediaIds.map(String),
      }),
  }),
  publishProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    args: {
      propertyId: t.arg.id({ required: true }),
      selectedAgents: t.arg.idList({ required: true }),
      askListwiseForMoreAgents: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) =>
      publishProperty(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        selectedAgents: args.selectedAgents.map(String),
        askListwiseForMoreAgents: args.askListwiseForMoreAgents,
      }),
  }),
}));
