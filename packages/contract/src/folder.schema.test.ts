import { describe, expect, it } from 'vitest';
import { folderCreateSchema, modelFolderName } from './folder.schema';
import { textLength } from './patterns';

describe('the name of a folder made on a model’s page', () => {
  it('is the model’s name and the kind, as the demo seed names its folders', () => {
    expect(modelFolderName('刘晓阳', 'book')).toBe('刘晓阳 画册');
    expect(modelFolderName('Anna', 'polaroid')).toBe('Anna 拍立得');
  });

  it('stays a valid folder name however long the model’s name is', () => {
    const name = modelFolderName(`${'名'.repeat(49)}😀`, 'book');
    expect(textLength(name)).toBe(50);
    expect(name.endsWith('名 画册')).toBe(true);
    expect(folderCreateSchema.shape.name.safeParse(name).success).toBe(true);
  });
});
