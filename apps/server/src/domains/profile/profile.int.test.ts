import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@trackit/contract/constants';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createUser, signIn } from '../../test/factories';
import { memberships, roles } from '../organization/organization.tables';

describe('profile of the current membership', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the member in the current team, with department', async () => {
    const { mobile, membership, team } = await createMember(t.database.db, { nickname: '王经纪' });
    const [department] = await t.database.db
      .insert(roles)
      .values({ teamId: team.id, kind: 'department', name: '经纪一部' })
      .returning();
    await t.database.db
      .update(memberships)
      .set({ departmentId: department?.id })
      .where(eq(memberships.id, membership.id));
    const { token } = await signIn(t, mobile);
    const res = await t.request('GET', '/storm_api/v1/profile', { headers: bearer(token) });
    expect(res.body.data).toEqual({
      id: membership.id,
      nickname: '王经纪',
      avatar: null,
      avatar_thumb: null,
      base_color: '#1677ff',
      team_id: team.id,
      team_name: team.name,
      department_name: '经纪一部',
      superior_name: null,
      mobile,
      is_owner: true,
    });
  });

  it('shows the direct superior by nickname', async () => {
    const { membership, team } = await createMember(t.database.db, { nickname: '周主管' });
    const user = await createUser(t.database.db);
    const member = await createMembership(t.database.db, {
      teamId: team.id,
      userId: user.id,
      nickname: '小陈',
    });
    await t.database.db
      .update(memberships)
      .set({ superiorId: membership.id })
      .where(eq(memberships.id, member.id));
    const { token } = await signIn(t, user.mobile);
    const res = await t.request<{ superior_name: string | null }>('GET', '/storm_api/v1/profile', {
      headers: bearer(token),
    });
    expect(res.body.data.superior_name).toBe('周主管');
  });

  it('changes the nickname, and refuses an empty or too long one', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const res = await t.request<{ nickname: string }>('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '  Lily 李  ' },
      headers: bearer(token),
    });
    expect(res.body.data.nickname).toBe('Lily 李');
    for (const nickname of ['', '   ', 'x'.repeat(51)]) {
      const bad = await t.request<{ fields: Record<string, string> }>('PATCH', '/storm_api/v1/profile', {
        body: { nickname },
        headers: bearer(token),
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data.fields)).toEqual(['nickname']);
    }
    const after = await t.request<{ nickname: string }>('GET', '/storm_api/v1/profile', {
      headers: bearer(token),
    });
    expect(after.body.data.nickname).toBe('Lily 李');
  });

  it('changes only the caller’s own membership', async () => {
    const me = await createMember(t.database.db, { nickname: '我' });
    const other = await createMember(t.database.db, { nickname: '别人' });
    const { token } = await signIn(t, me.mobile);
    await t.request('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '新名字' },
      headers: bearer(token),
    });
    const [row] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, other.membership.id));
    expect(row?.nickname).toBe('别人');
  });
});

describe('avatar upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function upload(headers: Record<string, string>, bytes: Buffer, contentType: string) {
    const checksum = createHash('md5').update(bytes).digest('base64');
    const announced = await t.request<{
      direct_upload: { url: string; headers: Record<string, string> };
      signed_id: string;
    }>('POST', '/storm_api/v1/direct_uploads', {
      body: { checksum, content_type: contentType, byte_size: bytes.length, filename: 'me' },
      headers,
    });
    const { url, headers: putHeaders } = announced.body.data.direct_upload;
    expect(
      (await fetch(`${t.baseUrl}${url}`, { method: 'PUT', headers: putHeaders, body: bytes })).status,
    ).toBe(200);
    return announced.body.data.signed_id;
  }

  it('takes an uploaded image as the avatar, served through a stable address', async () => {
    const me = await createMember(t.database.db);
    const headers = bearer((await signIn(t, me.mobile)).token);
    const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#eb2f96' } })
      .jpeg()
      .toBuffer();
    const signedId = await upload(headers, image, 'image/jpeg');
    const res = await t.request<{ avatar: string; avatar_thumb: string }>('PATCH', '/storm_api/v1/profile', {
      body: { avatar_signed_id: signedId },
      headers,
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data.avatar).toMatch(/^\/storm_api\/v1\/avatars\/[0-9a-f-]{36}$/);
    const thumb = await fetch(`${t.baseUrl}${res.body.data.avatar_thumb}`);
    expect(thumb.redirected).toBe(true);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const teams = await t.request<{ avatar: string | null }[]>('GET', '/storm_api/v1/teams', { headers });
    expect(teams.body.data[0]?.avatar).toBe(res.body.data.avatar);
    // The same upload cannot be used twice.
    const again = await t.request('PATCH', '/storm_api/v1/profile', {
      body: { avatar_signed_id: signedId },
      headers,
    });
    expect(again.status).toBe(409);
  });

  it('refuses an image over 10 MB as an avatar', async () => {
    const me = await createMember(t.database.db);
    const headers = bearer((await signIn(t, me.mobile)).token);
    const signedId = await upload(headers, Buffer.alloc(AVATAR_MAX_BYTES + 1, 1), 'image/jpeg');
    const res = await t.request('PATCH', '/storm_api/v1/profile', {
      body: { avatar_signed_id: signedId },
      headers,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 41300, message: '头像图片不能超过 10 MB', data: null });
    // Nothing was taken: the upload may still be used elsewhere.
    const profile = await t.request<{ avatar: string | null }>('GET', '/storm_api/v1/profile', { headers });
    expect(profile.body.data.avatar).toBeNull();
  });

  it('refuses a document, another team’s upload, and serves no address nobody uses', async () => {
    const me = await createMember(t.database.db);
    const headers = bearer((await signIn(t, me.mobile)).token);
    const pdf = await upload(headers, Buffer.from('%PDF-1.4 not an image'), 'application/pdf');
    const refused = await t.request('PATCH', '/storm_api/v1/profile', {
      body: { avatar_signed_id: pdf },
      headers,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('头像只能是图片');
    const stranger = await createMember(t.database.db);
    const strangerHeaders = bearer((await signIn(t, stranger.mobile)).token);
    const image = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const theirs = await upload(strangerHeaders, image, 'image/png');
    const foreign = await t.request('PATCH', '/storm_api/v1/profile', {
      body: { avatar_signed_id: theirs },
      headers,
    });
    expect(foreign.status).toBe(400);
    const profile = await t.request<{ avatar: string | null }>('GET', '/storm_api/v1/profile', { headers });
    expect(profile.body.data.avatar).toBeNull();
    const [blobId] = theirs.split('.');
    expect((await fetch(`${t.baseUrl}/storm_api/v1/avatars/${blobId}`, { redirect: 'manual' })).status).toBe(
      404,
    );
    expect((await t.request('PATCH', '/storm_api/v1/profile', { body: {}, headers })).status).toBe(400);
  });
});
