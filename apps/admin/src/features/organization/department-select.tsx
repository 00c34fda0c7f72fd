import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { type ControlNameProps, controlName } from '../../components/record-select';
import { buildDepartmentTree, departmentOptions } from './department-tree';
import { orgUnitsQuery } from './organization.queries';

export interface DepartmentSelectProps extends ControlNameProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: CSSProperties;
  testId?: string;
}

/** Picks a department of the team's tree (the tree opened, searchable by name). */
export function DepartmentSelect({
  value,
  onChange,
  placeholder = '选择部门',
  style,
  testId,
  ...name
}: DepartmentSelectProps) {
  const departments = useQuery(orgUnitsQuery('department'));
  const treeData = useMemo(
    () => departmentOptions(buildDepartmentTree(departments.data ?? [])),
    [departments.data],
  );
  return (
    <TreeSelect<number | null>
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      placeholder={placeholder}
      treeData={treeData}
      // Until the tree arrives the chosen id has no name to show.
      value={departments.data ? (value ?? null) : null}
      onChange={(next) => onChange?.(next ?? null)}
      loading={departments.isLoading}
      notFoundContent="没有部门"
      style={{ width: '100%', ...style }}
      data-testid={testId}
      {...controlName(name, placeholder)}
    />
  );
}

/** Picks a role of the team, by name. */
export function RoleSelect({
  value,
  onChange,
  placeholder = '选择角色',
  disabled,
  style,
  testId,
  ...name
}: DepartmentSelectProps & { disabled?: boolean }) {
  const roles = useQuery(orgUnitsQuery('role'));
  const options = useMemo(
    () => (roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
    [roles.data],
  );
  return (
    <Select<number | null>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      options={options}
      value={roles.data ? (value ?? null) : null}
      onChange={(next) => onChange?.(next ?? null)}
      loading={roles.isLoading}
      disabled={disabled}
      notFoundContent="没有角色"
      style={{ width: '100%', ...style }}
      data-testid={testId}
      {...controlName(name, placeholder)}
    />
  );
}
