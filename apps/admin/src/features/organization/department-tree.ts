/** The department tree built from the flat list the server answers (each department names its parent). */
import type { OrgUnit } from '@trackit/contract/organization.schema';

export interface DepartmentNode {
  department: OrgUnit;
  children: DepartmentNode[];
  /** Members placed in the department or any department below it. */
  total: number;
}

/**
 * The tree, siblings in the server's order (by name). A department whose parent is missing (deleted
 * meanwhile, or a cycle the server refuses anyway) shows at the top rather than vanishing.
 */
export function buildDepartmentTree(departments: readonly OrgUnit[]): DepartmentNode[] {
  const nodes = new Map(
    departments.map((department) => [
      department.id,
      { department, children: [], total: 0 } as DepartmentNode,
    ]),
  );
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.department.parent_id;
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent && !isAncestorOf(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  const sum = (node: DepartmentNode): number => {
    node.total = node.department.member_count + node.children.reduce((total, child) => total + sum(child), 0);
    return node.total;
  };
  for (const root of roots) sum(root);
  return roots;
}

/** Whether `node` already holds `candidate` below it (guards the tree against a cycle in the data). */
function isAncestorOf(node: DepartmentNode, candidate: DepartmentNode): boolean {
  return node.children.some((child) => child === candidate || isAncestorOf(child, candidate));
}

/** The ids of a department and of every department below it. */
export function subtreeIds(departments: readonly OrgUnit[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const department of departments) {
      if (department.parent_id !== null && ids.has(department.parent_id) && !ids.has(department.id)) {
        ids.add(department.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** One option of antd's TreeSelect. */
export interface DepartmentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: DepartmentOption[];
}

/** The tree as TreeSelect options; departments in `excluded` (and below them) are left out. */
export function departmentOptions(
  tree: readonly DepartmentNode[],
  excluded: ReadonlySet<number> = new Set(),
): DepartmentOption[] {
  return tree
    .filter((node) => !excluded.has(node.department.id))
    .map((node) => ({
      value: node.department.id,
      title: node.department.name,
      children: departmentOptions(node.children, excluded),
    }));
}
