/**
 * 'Enter address manually' (spec 001 §2, §5): a street address and a suburb picked from the suburb dataset
 * ('Street address is required', 'Suburb is required').
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { suburbLabel } from '@listwise/domain/address-line';
import { ADDRESS_SEARCH_DEBOUNCE_MS } from '@listwise/domain/constants';
import { manualAddressSchema, type ChosenAddress } from '@listwise/domain/listing-address';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { SearchSuburbsQuery, type SuburbOption } from '@/features/listing/api/address-search';
import { useDebounced } from '@/features/listing/components/address-search-field';
import { AutocompleteField } from '@/features/listing/components/autocomplete-field';
import { splitStreetAddress } from '@/features/listing/lib/wizard-flow';

const suburbText = (s: SuburbOption) => suburbLabel(s);

interface ManualAddressDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onConfirm: (address: ChosenAddress) => void;
  /** A suburb already known (picked from the suggestions without a street). */
  initialSuburb?: SuburbOption | null;
  initialStreet?: string;
}

export function ManualAddressDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  initialSuburb = null,
  initialStreet = '',
}: ManualAddressDialogProps) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Enter address manually">
      {isOpen && <ManualAddressForm initialSuburb={initialSuburb} initialStreet={initialStreet} onConfirm={onConfirm} />}
    </ModalDialog>
  );
}

function ManualAddressForm({
  initialSuburb,
  initialStreet,
  onConfirm,
}: {
  initialSuburb: SuburbOption | null;
  initialStreet: string;
  onConfirm: (address: ChosenAddress) => void;
}) {
  const [suburb, setSuburb] = useState<SuburbOption | null>(initialSuburb);
  const [suburbInput, setSuburbInput] = useState(initialSuburb ? suburbText(initialSuburb) : '');
  const query = useDebounced(suburbInput.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const isSearchable = query.length >= 2 && (!suburb || suburbText(suburb) !== suburbInput);
  const [{ data, fetching }] = useQuery({ query: SearchSuburbsQuery, variables: { query, first: 8 }, pause: !isSearchable });
  const isSettled = isSearchable && query === suburbInput.trim() && !fetching && !!data;
  const options = isSettled ? data.searchSuburbs : [];

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(manualAddressSchema),
    mode: 'onTouched',
    defaultValues: { streetAddress: initialStreet, suburbId: initialSuburb?.id ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!suburb) return;
    const { streetNumber, streetName } = splitStreetAddress(values.streetAddress);
    onConfirm({
      suburbId: values.suburbId,
      streetNumber,
      streetName,
      unitNumber: null,
      description: `${values.streetAddress.trim()}, ${suburbText(suburb)}`,
    });
  });

  return (
    // Its own form (the dialog renders outside the page's form), submitted by its button.
    <form
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      className="flex flex-col gap-5"
    >
      <TextField
        label="Street address"
        required
        autoComplete="address-line1"
        placeholder="12 Smith Street"
        error={errors.streetAddress?.message}
        {...register('streetAddress')}
      />
      <Controller
        control={control}
        name="suburbId"
        render={({ field, fieldState }) => (
          <AutocompleteField
            label="Suburb"
            required
            placeholder="Search suburb or postcode"
            inputValue={suburbInput}
            onInputChange={(value) => {
              setSuburbInput(value);
              if (suburb && value !== suburbText(suburb)) {
                setSuburb(null);
                field.onChange('');
              }
            }}
            onBlur={field.onBlur}
            items={options}
            itemKey={(option) => option.id}
            itemText={suburbText}
            onSelect={(picked) => {
              setSuburb(picked);
              setSuburbInput(suburbText(picked));
              field.onChange(picked.id);
            }}
            status={isSettled ? 'settled' : 'searching'}
            minChars={suburb && suburbText(suburb) === suburbInput ? Number.POSITIVE_INFINITY : 2}
            error={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" width="full">
        Use this address
      </Button>
    </form>
  );
}
