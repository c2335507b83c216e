import type { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { PROPERTY_QUESTIONS, questionRequirementsFor, type QuestionRequirements } from '@listwise/domain/question-requirements';
import type { PropertyType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
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

export const ListingVerificationStatusEnum = builder.enumType('ListingVerificationStatus', {
  description: 'Whether Listwise has checked that a seller who is not the owner may sell the listing.',
  values: describedValues<ListingVerificationStatus>({
    NOT_REQUIRED: 'The seller is the owner: nothing to check.',
    PENDING: "Waiting for an operator; the chosen agents' requests are held until then.",
    VERIFIED: 'An operator verified it; the held requests went out.',
    REJECTED: 'An operator could not verify it (`verificationRejectionReason`); the seller may upload proof to be checked again.',
  }),
});

export const ProofOfAuthorityRef = builder.objectRef<ProofOfAuthorityRow>('ProofOfAuthority').implement({
  description: "A listing's proof of authority to sell (a signed authority or a rates notice), as its seller uploaded it.",
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The name of the file as uploaded.' }),
    mimeType: t.exposeString('mimeType', { description: "Its content type ('application/pdf', 'image/jpeg')." }),
    sizeBytes: t.exposeInt('sizeBytes', { description: 'Its size in bytes.' }),
    uploadedAt: t.expose('uploadedAt', { type: 'DateTime', description: 'When it was uploaded.' }),
    url: t.string({
      description: 'A link to the document that works for a few minutes; only its seller and operators are given one.',
      resolve: (d, _a, ctx) => proofOfAuthorityUrl(ctx.deps, d.propertyId),
    }),
  }),
});

const PropertyMediaRef = builder.objectRef<drafts.PropertyMediaRow>('PropertyMedia').implement({
  description: "An upload placed in one of a listing's media lists.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id of the placement (`propertyMediaId`), not of the upload.' }),
    type: t.field({ type: PropertyMediaTypeEnum, description: 'The list it is in.', resolve: (m) => m.type }),
    order: t.exposeInt('order', { description: 'Its position in the list, from 0.' }),
    userMedia: t.field({
      type: UserMediaRef,
      description: 'The uploaded file.',
      resolve: async (m, _a, ctx) => (await ctx.loaders.userMediaById.load(m.userMediaId))!,
    }),
  }),
});

const QuestionRequirementsRef = builder.objectRef<QuestionRequirements>('QuestionRequirements').implement({
  description: 'Whether each property question is asked for this property type: NOT_REQUIRED (hidden), OPTIONAL or REQUIRED.',
  fields: (t) =>
    Object.fromEntries(
      PROPERTY_QUESTIONS.map((question) => [
        question,
        t.field({ type: QuestionRequirementEnum, description: `Whether \`${question}\` is asked.`, resolve: (r) => r[question] }),
      ]),
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
  description:
    "A seller's property and its listing, as its seller and the agents asked about it see it. For an agent who has not accepted the payment condition (`detailsHidden`), the street, unit, coordinates, media and free-text notes are null or empty.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The property id.' }),
    state: t.field({ type: PropertyStateEnum, description: 'Where the listing stands.', resolve: (p) => p.state }),
    completeType: t.field({
      type: CompleteTypeEnum,
      nullable: true,
      description: 'How the listing finished; null until COMPLETE.',
      resolve: (p) => p.completeType,
    }),
    unitNumber: t.string({
      nullable: true,
      description: 'The unit, when there is one; null when hidden.',
      resolve: (p) => unlessHidden(p, p.unitNumber),
    }),
    streetNumber: t.string({
      nullable: true,
      description: 'The street number; null when none or hidden.',
      resolve: (p) => unlessHidden(p, p.streetNumber),
    }),
    streetName: t.string({
      nullable: true,
      description: "The street ('George Street'); null when hidden.",
      resolve: (p) => unlessHidden(p, p.streetName),
    }),
    latitude: t.float({
      nullable: true,
      description: 'Degrees (WGS 84); null when unknown or hidden.',
      resolve: (p) => unlessHidden(p, p.latitude),
    }),
    longitude: t.float({
      nullable: true,
      description: 'Degrees (WGS 84); null when unknown or hidden.',
      resolve: (p) => unlessHidden(p, p.longitude),
    }),
    suburb: t.field({
      type: SuburbRef,
      nullable: true,
      description: 'The suburb; null only for a property whose suburb is not set.',
      resolve: (p, _a, ctx) => (p.suburbId == null ? null : listingLoaders(ctx).suburbById.load(p.suburbId)),
    }),
    propertyType: t.field({
      type: PropertyTypeEnum,
      nullable: true,
      description: 'Null until the seller picks it.',
      resolve: (p) => enumValue<PropertyType>(p.propertyType),
    }),
    numberOfBedrooms: t.exposeInt('numberOfBedrooms', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfBathrooms: t.exposeInt('numberOfBathrooms', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfToilets: t.exposeInt('numberOfToilets', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfCarSpaces: t.exposeInt('numberOfCarSpaces', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfLivingSpaces: t.exposeInt('numberOfLivingSpaces', { nullable: true, description: 'Null when not answered or not asked.' }),
    propertySizeSqm: t.exposeInt('propertySizeSqm', {
      nullable: true,
      description: 'Floor area in square metres; null when not answered.',
    }),
    landSizeSqm: t.exposeInt('landSizeSqm', { nullable: true, description: 'Land area in square metres; null when not answered.' }),
    propertyAge: t.exposeInt('propertyAge', { nullable: true, description: 'Age of the building in years; null when not answered.' }),
    additionalFeatures: t.field({
      type: [AdditionalFeatureEnum],
      description: 'The features ticked; empty when none.',
      resolve: (p) => p.additionalFeatures as (typeof AdditionalFeatureEnum)['$inferType'][],
    }),
    capitalImprovements: t.field({
      type: YesNoEnum,
      nullable: true,
      description: 'Whether the property had capital improvements; null when not answered.',
      resolve: (p) => p.capitalImprovements,
    }),
    estimatedSaleValue: t.exposeInt('estimatedSaleValue', {
      nullable: true,
      description: 'A dollar estimate, where one was given; null otherwise.',
    }),
    estimatedSaleValueRange: t.field({
      type: EstimatedSaleValueRangeEnum,
      nullable: true,
      description: "The seller's guess of the price; null until the sale-info step.",
      resolve: (p) => enumValue<(typeof EstimatedSaleValueRangeEnum)['$inferType']>(p.estimatedSaleValueRange),
    }),
    idealTimeframeOfSale: t.field({
      type: IdealTimeframeOfSaleEnum,
      nullable: true,
      description: 'Null until the sale-info step.',
      resolve: (p) => enumValue<(typeof IdealTimeframeOfSaleEnum)['$inferType']>(p.idealTimeframeOfSale),
    }),
    preferredMethodOfSale: t.field({
      type: PreferredMethodOfSaleEnum,
      nullable: true,
      description: 'Null until the sale-info step.',
      resolve: (p) => enumValue<(typeof PreferredMethodOfSaleEnum)['$inferType']>(p.preferredMethodOfSale),
    }),
    areYouThePropertyOwner: t.field({
      type: YesNoEnum,
      nullable: true,
      description: 'Whether the seller owns the property (NO means Listwise verifies the listing); null until answered.',
      resolve: (p) => p.areYouThePropertyOwner,
    }),
    noPropertyOwnerReason: t.string({
      nullable: true,
      description: 'Who the seller is to the owner, when not the owner; null otherwise or when hidden.',
      resolve: (p) => unlessHidden(p, p.noPropertyOwnerReason),
    }),
    additionalInformation: t.string({
      nullable: true,
      description: "The seller's notes to agents, up to 3500 characters; null when none or hidden.",
      resolve: (p) => unlessHidden(p, p.additionalInformation),
    }),
    photos: t.field({
      type: [PropertyMediaRef],
      description: 'Photos in order (the first is the hero image); empty when hidden. Agents do not see uploads that failed processing.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'PHOTO'),
    }),
    floorplans: t.field({
      type: [PropertyMediaRef],
      description: 'Floor plans in order; empty when hidden.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'FLOOR_PLAN'),
    }),
    videos: t.field({
      type: [PropertyMediaRef],
      description: 'Videos in order; empty when hidden.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'VIDEO'),
    }),
    questionRequirements: t.field({
      type: QuestionRequirementsRef,
      description: "Which questions the property's type asks (all optional before a type is picked).",
      resolve: (p) => questionRequirementsFor(enumValue<PropertyType>(p.propertyType)),
    }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true, description: 'When it was published; null for a draft.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the draft was started.' }),
    detailsHidden: t.boolean({
      description: 'Whether the details are hidden from this agent until they accept the payment condition (always false for the seller).',
      resolve: (p) => hidden(p),
    }),
    askListwiseForMoreAgents: t.boolean({
      description: 'Whether the seller asked Listwise to find more agents for the suburb; false when hidden.',
      resolve: (p) => !hidden(p) && p.askListwiseForMoreAgents,
    }),
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
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's draft." }),
      propertyMediaType: t.arg({ type: PropertyMediaTypeEnum, required: true, description: 'The list.' }),
      userMediaId: t.arg.id({ required: true, description: "One of the seller's uploads." }),
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
