/**
 * The address step's form: the values it holds, where they start from (the draft, a suggestion) and the rules that
 * check them, loaded on demand.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ChosenAddress } from '@listwise/domain/listing-address';
import type { AddressSuggestion, SuburbOption } from '@/features/listing/api/address-search';
import type { DraftProperty } from '@/features/listing/api/draft-property';
import { draftAddressText } from '@/features/listing/lib/wizard-flow';

/**
 * The step's rules (listing-address.ts: zod's engine and the schemas, about 14 KB compressed) load when the visitor
 * first goes to a field (the form's focus) or a pre-filled address is checked, not with the page: nothing
 * validates before then, as the form validates on blur and on submit. The messages are the rules' own, as before.
 */
const loadAddressStepRules = () => import('@/features/listing/lib/address-step-rules');
export const preloadAddressStepRules = () => void loadAddressStepRules();
export const addressStepResolver =
  (needsContact: boolean): Resolver<FormValues> =>
  async (values, context, options) => {
    const rules = await loadAddressStepRules();
    const schema = needsContact ? rules.addressStepWithContactSchema : rules.addressStepSchema;
    return zodResolver(schema)(values, context, options as never) as never;
  };

/** What the manual modal opens with: a suburb already known (a suburb-only suggestion) and the street typed. */
export type ManualEntry = { suburb: SuburbOption | null; street: string };

export type FormValues = {
  address: ChosenAddress | null;
  unitNumber: string;
  name: string;
  email: string;
  isPrivacyPolicyAccepted: boolean;
};

export const chosenFromDraft = (draft: DraftProperty | null): ChosenAddress | null =>
  draft?.suburb && draft.streetName
    ? {
        suburbId: draft.suburb.id,
        streetName: draft.streetName,
        streetNumber: draft.streetNumber,
        unitNumber: null,
        description: draftAddressText({ ...draft, unitNumber: null }),
      }
    : null;

export const chosenFromSuggestion = (s: AddressSuggestion): ChosenAddress => ({
  suburbId: s.suburb.id,
  streetName: s.streetName!,
  streetNumber: s.streetNumber,
  unitNumber: s.unitNumber,
  description: s.description,
});
