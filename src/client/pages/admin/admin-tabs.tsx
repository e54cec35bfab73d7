import { useState } from "react";
import type { AdminUserList } from "../../../domain/api/admin.ts";
import type { CurrentUser } from "../../../domain/api/users.ts";
import { OperationsTab } from "./operations-tab.tsx";
import { TabList, TabPanel, useTabsId, type TabItem } from "../../components/tabs.tsx";
import { UsersTab } from "./users-tab.tsx";

type AdminTab = "users" | "operations";
const TABS: TabItem<AdminTab>[] = [
  { id: "users", label: "Users" },
  { id: "operations", label: "Operations" },
];

/** Users is rendered with the page; Operations is mounted the first time it is opened, and stays mounted. */
export function AdminTabs({ me, initialUsers }: { me: CurrentUser; initialUsers: AdminUserList }) {
  const idPrefix = useTabsId();
  const [active, setActive] = useState<AdminTab>("users");
  const [operationsOpened, setOperationsOpened] = useState(false);

  const select = (tab: AdminTab) => {
    setActive(tab);
    if (tab === "operations") setOperationsOpened(true);
  };

  return (
    <>
      <TabList label="Admin sections" tabs={TABS} active={active} onChange={select} idPrefix={idPrefix} />
      <TabPanel idPrefix={idPrefix} id="users" active={active === "users"}>
        <UsersTab me={me} initial={initialUsers} />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="operations" active={active === "operations"}>
        {operationsOpened && <OperationsTab active={active === "operations"} />}
      </TabPanel>
    </>
  );
}
