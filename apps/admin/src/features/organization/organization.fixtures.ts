/** Test data of the organization feature: members as the pickers receive them. */
import { endpoints } from '@trackit/contract/endpoints';
import type { MemberOption } from '@trackit/contract/organization.schema';
import { answer } from '../../testing/api-answers';

export const memberOption = (
  id: number,
  nickname: string,
  departmentName: string | null = null,
): MemberOption => ({
  id,
  nickname,
  avatar: null,
  base_color: '#1677ff',
  department_name: departmentName,
});

/** The mocked client's answer to the member pickers: these members, whatever the keyword. */
export const memberOptionsAnswer = (members: MemberOption[]) =>
  answer(endpoints.organization.memberOptions, () => ({
    data: members,
    page: 1,
    perPage: 20,
    total: members.length,
  }));
