/**
 * The share pages' shapes, built field by field from what the package shows: a model's facts carry only
 * the fields its package chose, from the list of fields that may ever be shown (SHARE_FIELDS). The
 * model's mobile, WeChat, national ID, notes and the agency's ids of people never reach these shapes.
 */
import { businessDate } from '@trackit/contract/business-time';
import { ageOn } from '@trackit/contract/model-age';
import type { ShareFacts, ShareField } from '@trackit/contract/share';
import type { PublicModelCard, PublicModelDetail, PublicPackage } from '@trackit/contract/share.schema';
import { countryName } from '../country/country.service';
import { presentPublicFile } from '../share/public-file.presenter';
import type { ShownModelRecord } from './package-public.repository';
import type { PublicModelData, PublicPackageData, ShownModelView } from './package-public.service';

/** The facts of the chosen fields only. */
export function publicFacts(
  model: ShownModelRecord,
  fields: readonly ShareField[],
  today: string,
): ShareFacts {
  const facts: ShareFacts = {};
  for (const field of fields) {
    switch (field) {
      case 'english_name':
        facts.english_name = model.englishName;
        break;
      case 'gender':
        facts.gender = model.gender;
        break;
      case 'age':
        facts.age = model.birthday ? ageOn(model.birthday, today) : null;
        break;
      case 'height':
        facts.height = model.height;
        break;
      case 'weight':
        facts.weight = model.weight;
        break;
      case 'measurements':
        facts.bust = model.bust;
        facts.waist = model.waist;
        facts.hips = model.hips;
        break;
      case 'shoe_size':
        facts.shoe_size = model.shoeSize;
        break;
      case 'clothing_size':
        facts.clothing_size = model.clothingSize;
        break;
      case 'cup':
        facts.cup = model.cup;
        break;
      case 'hair_color':
        facts.hair_color = model.hairColor;
        break;
      case 'eye_color':
        facts.eye_color = model.eyeColor;
        break;
      case 'city':
        facts.city = model.city;
        break;
      case 'nationality':
        facts.nationality = model.nationality ? countryName(model.nationality) : null;
        break;
      case 'tags':
        facts.tags = model.tags;
        break;
    }
  }
  return facts;
}

function presentCard(view: ShownModelView, fields: readonly ShareField[], today: string): PublicModelCard {
  return {
    id: view.shown.model.id,
    name: view.shown.model.name,
    facts: publicFacts(view.shown.model, fields, today),
    cover: view.cover ? presentPublicFile(view.cover) : null,
    photo_count: view.photoCount,
    file_count: view.fileCount,
  };
}

export function presentPublicPackage(data: PublicPackageData): PublicPackage {
  const today = businessDate(data.now);
  return {
    title: data.pkg.title,
    message: data.pkg.message,
    team_name: data.teamName,
    expires_at: data.pkg.expiresAt.toISOString(),
    fields: data.pkg.fields,
    models: data.models.map((view) => presentCard(view, data.pkg.fields, today)),
    picks: data.picks.map((pick) => ({ model_id: pick.modelId, picked: pick.picked, comment: pick.comment })),
  };
}

export function presentPublicModel(data: PublicModelData): PublicModelDetail {
  return {
    ...presentCard(data.view, data.pkg.fields, businessDate(data.now)),
    package_title: data.pkg.title,
    team_name: data.teamName,
    fields: data.pkg.fields,
    photos: data.photos.map(presentPublicFile),
    files: data.files.map(presentPublicFile),
    previous_model_id: data.previousModelId,
    next_model_id: data.nextModelId,
  };
}
