import { z } from 'zod';
import {
  AdditionalFeature,
  AustralianState,
  CommissionType,
  CompleteType,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
  PropertyType,
  UserType,
  YesNo,
} from './enums.ts';

/** The zod enum of each enumeration in enums.ts that an input takes (kept apart so display code loads no zod). */
const values = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

export const userTypeSchema = z.enum(values(UserType));
export const australianStateSchema = z.enum(values(AustralianState));
export const propertyTypeSchema = z.enum(values(PropertyType));
export const additionalFeatureSchema = z.enum(values(AdditionalFeature));
export const estimatedSaleValueRangeSchema = z.enum(values(EstimatedSaleValueRange));
export const idealTimeframeOfSaleSchema = z.enum(values(IdealTimeframeOfSale));
export const preferredMethodOfSaleSchema = z.enum(values(PreferredMethodOfSale));
export const yesNoSchema = z.enum(values(YesNo));
export const commissionTypeSchema = z.enum(values(CommissionType));
export const completeTypeSchema = z.enum(values(CompleteType));
export const propertyMediaTypeSchema = z.enum(values(PropertyMediaType));
