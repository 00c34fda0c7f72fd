import type { Measurement, Model, Trip } from '@trackit/contract/model.schema';
import { ageOn } from '@trackit/contract/model-age';
import { type ModelDeduction, modelDeductionState } from '@trackit/contract/model-deduction.schema';
import { levelAllows } from '@trackit/contract/permissions';
import type { listMeasurements, TripRow } from './model.repository';
import type { ModelView } from './model.service';
import type { DeductionView } from './model-deduction.service';

type MeasurementRow = Awaited<ReturnType<typeof listMeasurements>>['rows'][number];

/**
 * The tax identity (the national ID and the rest) is left out (not blanked) for a member below manage; the
 * payout account for a member
 * holding neither data_management nor accounting at manage.
 */
export function presentModel({ row, coverThumbUrl, today, sight }: ModelView): Model {
  const model = row.model;
  return {
    id: model.id,
    name: model.name,
    english_name: model.englishName,
    gender: model.gender,
    birthday: model.birthday,
    age: model.birthday ? ageOn(model.birthday, today) : null,
    nationality: model.nationality,
    city: model.city,
    height: model.height,
    weight: model.weight,
    bust: model.bust,
    waist: model.waist,
    hips: model.hips,
    shoe_size: model.shoeSize,
    clothing_size: model.clothingSize,
    cup: model.cup,
    hair_color: model.hairColor,
    eye_color: model.eyeColor,
    tags: model.tags,
    mobile: model.mobile,
    wechat: model.wechat,
    ...(sight.manage
      ? {
          id_type: model.idType,
          id_number: model.idNumber,
          tax_residency: model.taxResidency,
          first_entry_date: model.firstEntryDate,
          expected_departure_date: model.expectedDepartureDate,
        }
      : {}),
    socials: model.socials,
    manager_member_id: model.managerMembershipId,
    manager_nickname: row.managerNickname,
    mother_agency: model.motherAgency,
    commission_rate: model.commissionRate,
    mother_agency_rate: model.motherAgencyRate,
    mother_agency_basis: model.motherAgencyBasis,
    payout_type: model.payoutType,
    ...(sight.payout
      ? {
          payout_account_name: model.payoutAccountName,
          payout_bank: model.payoutBank,
          payout_bank_name: model.payoutBankName,
          payout_bank_branch: model.payoutBankBranch,
          payout_account_number: model.payoutAccountNumber,
        }
      : {}),
    contract_start: model.contractStart,
    contract_end: model.contractEnd,
    notes: model.notes,
    status: model.status,
    cover_file_id: model.coverFileId,
    cover_thumb_url: coverThumbUrl,
    last_measured_at: model.lastMeasuredAt?.toISOString() ?? null,
    created_at: model.createdAt.toISOString(),
    updated_at: model.updatedAt.toISOString(),
  };
}

export function presentMeasurement({ entry, nickname }: MeasurementRow): Measurement {
  return {
    id: entry.id,
    measured_on: entry.measuredOn,
    measured_at: entry.measuredAt.toISOString(),
    height: entry.height,
    weight: entry.weight,
    bust: entry.bust,
    waist: entry.waist,
    hips: entry.hips,
    shoe_size: entry.shoeSize,
    member: entry.membershipId && nickname ? { id: entry.membershipId, nickname } : null,
  };
}

export function presentTrip(row: TripRow): Trip {
  return {
    id: row.id,
    model_id: row.modelId,
    kind: row.kind,
    start_date: row.startDate,
    end_date: row.endDate,
    place: row.place,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const memberRef = (id: number | null, nickname: string | null) =>
  id !== null && nickname !== null ? { id, nickname } : null;

/** A deduction; `can.void` for accounting edit while it is neither voided nor settled. */
export function presentDeduction({ row, fileUrl, level }: DeductionView): ModelDeduction {
  const { deduction } = row;
  const answer = {
    voided_at: deduction.voidedAt?.toISOString() ?? null,
    settlement_id: deduction.settlementId,
  };
  const state = modelDeductionState(answer);
  return {
    id: deduction.id,
    model_id: deduction.modelId,
    kind: deduction.kind,
    occurred_on: deduction.occurredOn,
    amount: deduction.amount,
    note: deduction.note,
    file: fileUrl && deduction.fileName ? { name: deduction.fileName, url: fileUrl } : null,
    ...answer,
    state,
    voided_by: memberRef(deduction.voidedByMembershipId, row.voidedByName),
    created_by: memberRef(deduction.createdByMembershipId, row.createdByName),
    created_at: deduction.createdAt.toISOString(),
    can: { void: levelAllows(level, 'edit') && state === 'unsettled' },
  };
}
