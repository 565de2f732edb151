//! The fake backend's roster: a small district (one school, one term, one course, two classes,
//! a teacher, two students and a guardian) answering every roster command the way the Rust
//! side does, for the UI's tests and `?mock=1`.

import type { AppError } from "../../bindings/AppError";
import type { ClassMember } from "../../bindings/ClassMember";
import type { ClassQuery } from "../../bindings/ClassQuery";
import type { ClassTableRow } from "../../bindings/ClassTableRow";
import type { NavEntry } from "../../bindings/NavEntry";
import type { RecordLink } from "../../bindings/RecordLink";
import type { RosterScope } from "../../bindings/RosterScope";
import type { ScopeCounts } from "../../bindings/ScopeCounts";
import type { UserPage } from "../../bindings/UserPage";
import type { Backend } from "../Backend";

type RosterMethods = Pick<
  Backend,
  | "rosterSources"
  | "rosterLevel"
  | "rosterCalendar"
  | "rosterClasses"
  | "rosterClass"
  | "rosterUser"
  | "rosterSearchUsers"
  | "rosterDemographics"
  | "rosterChecks"
  | "rosterRecord"
  | "rosterExportClass"
>;

type Answer = <T>(command: string, args: Record<string, unknown>, run: () => T) => Promise<T>;

const link = (collection: string, id: string, label: string, extra: Partial<RecordLink> = {}): RecordLink => ({
  collection,
  id,
  label,
  missing: false,
  inactive: false,
  ...extra,
});

interface MockUser {
  id: string;
  given: string;
  family: string;
  role: string;
  email: string;
  agents: string[];
}

const USERS: MockUser[] = [
  { id: "t1", given: "Rosa", family: "Park", role: "teacher", email: "rosa.park@example.org", agents: [] },
  { id: "s1", given: "Leonardo", family: "Quinn", role: "student", email: "leo.quinn@example.org", agents: ["g1"] },
  { id: "s2", given: "Ana", family: "Diaz", role: "student", email: "ana.diaz@example.org", agents: [] },
  { id: "g1", given: "Maria", family: "Quinn", role: "guardian", email: "maria.quinn@example.org", agents: ["s1"] },
];

const ROWS: ClassTableRow[] = [
  {
    id: "c1",
    title: "Math 7 A",
    code: "M7-A",
    course: "Math 7",
    school: "Hillcrest Middle",
    terms: "Fall 2025",
    periods: "1",
    teachers: "Park, Rosa",
    students: 2,
    inactive: false,
  },
  {
    id: "c2",
    title: "Art 7 B",
    code: "A7-B",
    course: "Art 7",
    school: "Hillcrest Middle",
    terms: "Fall 2025",
    periods: "4",
    teachers: "",
    students: 1,
    inactive: false,
  },
];

function member(user: MockUser, role: string, primary: boolean): ClassMember {
  return {
    enrollmentId: `e-${user.id}`,
    user: link("users", user.id, `${user.family}, ${user.given}`),
    givenName: user.given,
    familyName: user.family,
    preferredFirstName: user.id === "s1" ? "Leo" : null,
    username: user.email.split("@")[0] ?? null,
    identifier: user.id.toUpperCase(),
    email: user.email,
    role,
    primary,
    beginDate: "2025-08-18",
    endDate: "2026-01-16",
    inactive: false,
    disabled: false,
    outsideTerms: false,
  };
}

const counts = (classes: number, teachers: number, students: number): ScopeCounts => ({ classes, teachers, students });

function notFound(message: string): AppError {
  return { code: "not_found", message, detail: null };
}

/** The roster commands of the fake backend. */
export function rosterMethods(answer: Answer, options: { demographics?: boolean } = {}): RosterMethods {
  const allowed = options.demographics ?? true;
  const access = {
    allowed,
    cached: allowed ? 2 : 0,
    note: allowed
      ? "The connection's token holds the demographics scope: demographics are shown masked, each user's revealed on request, and never exported unless asked."
      : "The connection's token does not hold the demographics scope (roster-demographics.readonly), so its last sync did not read demographics. They are not shown; ask the provider for that scope to see them.",
  };
  const user = (id: string) => {
    const found = USERS.find((u) => u.id === id);
    if (!found) throw notFound(`no users record "${id}"`);
    return found;
  };
  return {
    rosterSources: () =>
      answer("roster_sources", {}, () => [
        {
          connection: "Built-in sandbox",
          kind: "builtIn" as const,
          orgs: 2,
          classes: 2,
          users: 4,
          enrollments: 4,
          demographics: access,
        },
      ]),
    rosterLevel: (connection, scope: RosterScope) =>
      answer("roster_level", { connection, scope }, () => {
        const crumbs: Array<{ label: string; scope: RosterScope }> = [
          { label: "All orgs", scope: { org: null, term: null, course: null } },
        ];
        const entry = (
          kind: "org" | "term" | "course" | "class",
          id: string,
          label: string,
          next: RosterScope | null,
          c: ScopeCounts,
          detail: string | null = null,
          current = false,
        ): NavEntry => ({
          kind,
          id,
          label,
          detail,
          counts: c,
          inactive: false,
          current,
          missing: false,
          scope: next,
        });
        let children: NavEntry[];
        if (!scope.org)
          children = [
            entry(
              "org",
              "d",
              "Hillcrest District",
              { org: "d", term: null, course: null },
              counts(2, 1, 2),
              "district",
            ),
          ];
        else if (scope.org === "d") {
          crumbs.push({ label: "Hillcrest District", scope: { org: "d", term: null, course: null } });
          children = [
            entry("org", "s", "Hillcrest Middle", { org: "s", term: null, course: null }, counts(2, 1, 2), "school"),
          ];
        } else if (!scope.term) {
          crumbs.push(
            { label: "Hillcrest District", scope: { org: "d", term: null, course: null } },
            { label: "Hillcrest Middle", scope: { org: "s", term: null, course: null } },
          );
          children = [
            entry(
              "term",
              "t",
              "Fall 2025",
              { org: "s", term: "t", course: null },
              counts(2, 1, 2),
              "2025-08-18 to 2026-01-16 (end exclusive)",
              true,
            ),
          ];
        } else if (!scope.course) {
          children = [
            entry("course", "m7", "Math 7", { ...scope, course: "m7" }, counts(1, 1, 2), "M7"),
            entry("course", "a7", "Art 7", { ...scope, course: "a7" }, counts(1, 0, 1), "A7"),
          ];
        } else {
          children = [entry("class", "c1", "Math 7 A", null, counts(1, 1, 2), "M7-A")];
        }
        return { connection, scope, crumbs, here: counts(2, 1, 2), children, today: "2025-10-01" };
      }),
    rosterCalendar: (connection) =>
      answer("roster_calendar", { connection }, () => ({
        today: "2025-10-01",
        roots: [
          {
            id: "y",
            title: "2025-26",
            kind: "schoolYear",
            startDate: "2025-08-18",
            endDate: "2026-06-12",
            lastDay: "2026-06-11",
            current: true,
            inactive: false,
            classes: 0,
            children: [
              {
                id: "t",
                title: "Fall 2025",
                kind: "term",
                startDate: "2025-08-18",
                endDate: "2026-01-16",
                lastDay: "2026-01-15",
                current: true,
                inactive: false,
                classes: 2,
                children: [],
              },
              {
                id: "t2",
                title: "Spring 2026",
                kind: "term",
                startDate: "2026-01-16",
                endDate: "2026-06-12",
                lastDay: "2026-06-11",
                current: false,
                inactive: false,
                classes: 0,
                children: [],
              },
            ],
          },
        ],
      })),
    rosterClasses: (connection, query: ClassQuery) =>
      answer("roster_classes", { connection, query }, () => {
        let rows = ROWS.filter((r) =>
          query.filters.every((f) =>
            String(r[f.column === "code" ? "code" : f.column])
              .toLowerCase()
              .includes(f.text.toLowerCase()),
          ),
        );
        if (query.sort) {
          const { column, descending } = query.sort;
          rows = [...rows].sort((a, b) => {
            const x = a[column];
            const y = b[column];
            const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
            return descending ? -order : order;
          });
        }
        return { total: ROWS.length, rows };
      }),
    rosterClass: (connection, id) =>
      answer("roster_class", { connection, id }, () => {
        const row = ROWS.find((r) => r.id === id);
        if (!row) throw notFound(`no classes record "${id}"`);
        const teachers = id === "c1" ? [member(user("t1"), "teacher", true)] : [];
        const students =
          id === "c1"
            ? [member(user("s2"), "student", false), member(user("s1"), "student", false)]
            : [member(user("s2"), "student", false)];
        return {
          connection,
          link: link("classes", id, row.title),
          classCode: row.code,
          classType: "scheduled",
          location: "Room 3",
          status: "active",
          course: link("courses", "m7", row.course),
          school: link("orgs", "s", row.school),
          terms: [
            {
              link: link("academicSessions", "t", "Fall 2025"),
              kind: "term",
              startDate: "2025-08-18",
              endDate: "2026-01-16",
              current: true,
            },
          ],
          periods: [row.periods],
          subjects: ["Mathematics"],
          subjectCodes: [],
          grades: ["07"],
          teachers,
          students,
          others: [],
          counts: counts(1, teachers.length, students.length),
          resources: [link("resources", "r1", "Algebra tiles")],
          lineItems: [
            {
              link: link("lineItems", "l1", "Quiz 1"),
              assignDate: "2025-09-01",
              dueDate: "2025-09-08",
              category: "Quizzes",
              gradingPeriod: "Q1",
            },
          ],
          raw: JSON.stringify({ sourcedId: id, status: "active", title: row.title, classCode: row.code }),
        };
      }),
    rosterUser: (connection, id) =>
      answer("roster_user", { connection, id }, (): UserPage => {
        const u = user(id);
        const agentLinks = u.agents.map((a) => ({
          user: link("users", a, `${user(a).given} ${user(a).family}`),
          roles: [user(a).role],
        }));
        return {
          connection,
          link: link("users", id, `${id === "s1" ? "Leo" : u.given} ${u.family}`),
          status: "active",
          enabled: true,
          names: {
            givenName: u.given,
            middleName: null,
            familyName: u.family,
            preferredFirstName: id === "s1" ? "Leo" : null,
            preferredMiddleName: null,
            preferredLastName: null,
            pronouns: id === "s1" ? "he/him" : null,
          },
          username: u.email.split("@")[0] ?? null,
          email: u.email,
          sms: null,
          phone: null,
          identifier: id.toUpperCase(),
          masterIdentifier: null,
          userIds: [{ name: "district", value: id.toUpperCase() }],
          grades: u.role === "student" ? ["07"] : [],
          primaryOrg: link("orgs", "s", "Hillcrest Middle"),
          roles: [
            {
              roleType: "primary",
              role: u.role,
              org: link("orgs", "s", "Hillcrest Middle"),
              beginDate: "2025-08-18",
              endDate: null,
              userProfile: null,
              current: true,
            },
          ],
          agents: u.role === "student" ? agentLinks : [],
          agentOf: u.role === "guardian" ? agentLinks : [],
          enrollments:
            u.role === "guardian"
              ? []
              : [
                  {
                    enrollmentId: `e-${id}`,
                    class: link("classes", "c1", "Math 7 A"),
                    classCode: "M7-A",
                    school: "Hillcrest Middle",
                    role: u.role,
                    primary: u.role === "teacher",
                    beginDate: "2025-08-18",
                    endDate: "2026-01-16",
                    inactive: false,
                  },
                ],
          resources: [],
          demographics: access,
          hasDemographics: allowed && u.role === "student",
          raw: JSON.stringify({ sourcedId: id, givenName: u.given, familyName: u.family }),
        };
      }),
    rosterSearchUsers: (connection, query, limit) =>
      answer("roster_search_users", { connection, query, limit }, () =>
        USERS.filter((u) => `${u.given} ${u.family} ${u.email} ${u.id}`.toLowerCase().includes(query.toLowerCase()))
          .slice(0, limit)
          .map((u) => ({
            link: link("users", u.id, `${u.family}, ${u.given}`),
            preferredFirstName: null,
            username: u.email.split("@")[0] ?? null,
            email: u.email,
            identifier: u.id.toUpperCase(),
            roles: [u.role],
          })),
      ),
    rosterDemographics: (connection, userId) =>
      answer("roster_demographics", { connection, user: userId }, () => {
        if (!allowed) throw { code: "forbidden", message: access.note, detail: null } satisfies AppError;
        return {
          userId,
          fields: [
            { name: "birthDate", value: "2012-05-09" },
            { name: "sex", value: "male" },
          ],
          raw: "{}",
        };
      }),
    rosterChecks: (connection) =>
      answer("roster_checks", { connection }, () => ({
        connection,
        checks: [
          {
            id: "to_be_deleted",
            group: "Status",
            title: "Records to be deleted",
            explanation: "Status tobedeleted.",
            count: 1,
            records: [
              { link: link("users", "s2", "Ana Diaz", { inactive: true }), detail: "user, status tobedeleted" },
            ],
          },
          {
            id: "classes_without_teacher",
            group: "Classes",
            title: "Classes without a teacher",
            explanation: "No active teacher.",
            count: 1,
            records: [{ link: link("classes", "c2", "Art 7 B"), detail: "at Hillcrest Middle" }],
          },
          {
            id: "unknown_user",
            group: "References",
            title: "Enrollments naming an unknown user",
            explanation: "Missing user.",
            count: 0,
            records: [],
          },
        ],
      })),
    rosterRecord: (connection, collection, id) =>
      answer("roster_record", { connection, collection, id }, () => ({
        connection,
        link: link(collection, id, id === "s" ? "Hillcrest Middle" : id),
        fields: [
          { name: "sourcedId", value: id },
          { name: "type", value: "school" },
        ],
        links: [{ field: "parent", link: link("orgs", "d", "Hillcrest District") }],
        raw: JSON.stringify({ sourcedId: id, type: "school", parent: { sourcedId: "d" } }),
      })),
    rosterExportClass: (connection, classId, demographics) =>
      answer(
        "roster_export_class",
        { connection, class: classId, demographics },
        () => `/data/exports/Roster of ${classId}${demographics ? " with demographics" : ""}.csv`,
      ),
  };
}
