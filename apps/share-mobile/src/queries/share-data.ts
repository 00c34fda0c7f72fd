/** The share pages' calls (through callPublic only) and the hooks the pages read them with. */
import { callPublic } from '@trackit/client/share/public-client';
import { publicEndpoints } from '@trackit/client/share/public-endpoints';
import { visitorId } from '@trackit/client/share/visitor';
import type { PublicFolder, PublicModelDetail, PublicPackage } from '@trackit/contract/share.schema';
import type { RouteMatch } from '../routes';
import { prefetchQuery, useQuery } from './public-query';

export const packageKey = (shareId: string) => `package:${shareId}`;
const modelKey = (shareId: string, modelId: number) => `model:${shareId}:${modelId}`;
const folderKey = (shareId: string) => `folder:${shareId}`;

// The package is asked with this device's id: its answer then holds the hearts it gave.
const loadPackage = (shareId: string) => () =>
  callPublic(publicEndpoints.package, { params: { share_id: shareId }, query: { visitor_id: visitorId() } });
const loadModel = (shareId: string, modelId: number) => () =>
  callPublic(publicEndpoints.packageModel, { params: { share_id: shareId, model_id: modelId } });
const loadFolder = (shareId: string) => () =>
  callPublic(publicEndpoints.folder, { params: { share_id: shareId } });

export const usePackage = (shareId: string) =>
  useQuery<PublicPackage>(packageKey(shareId), loadPackage(shareId));
export const useModel = (shareId: string, modelId: number) =>
  useQuery<PublicModelDetail>(modelKey(shareId, modelId), loadModel(shareId, modelId));
export const useFolder = (shareId: string) => useQuery<PublicFolder>(folderKey(shareId), loadFolder(shareId));

/**
 * Starts the calls of a page as soon as its address is known, alongside the download of its code rather
 * than after it. A model's page also needs the package (the hearts, the neighbours' names).
 */
export function prefetchRoute(match: RouteMatch): void {
  switch (match.page) {
    case 'package':
      prefetchQuery(packageKey(match.shareId), loadPackage(match.shareId));
      break;
    case 'model':
      prefetchQuery(modelKey(match.shareId, match.modelId), loadModel(match.shareId, match.modelId));
      prefetchQuery(packageKey(match.shareId), loadPackage(match.shareId));
      break;
    case 'photos':
    case 'files':
      prefetchQuery(modelKey(match.shareId, match.modelId), loadModel(match.shareId, match.modelId));
      break;
    case 'folder':
      prefetchQuery(folderKey(match.shareId), loadFolder(match.shareId));
      break;
    case 'notFound':
      break;
  }
}
