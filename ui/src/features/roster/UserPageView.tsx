//! The user page: names (preferred names and pronouns), identifiers (userIds by type), roles per
//! org with their dates, agents both ways (a student's guardians, a guardian's students),
//! enrollments with their classes, resources, demographics (masked), the raw record.

import type { AgentEntry } from "../../bindings/AgentEntry";
import type { UserPage } from "../../bindings/UserPage";
import { DemographicsPanel } from "./DemographicsPanel";
import { RawRecord } from "./RawRecord";
import { RecordLinkButton } from "./RecordLinkButton";
import { RecordLinkList } from "./RecordLinkList";
import { RosterDate } from "./RosterDate";

function Agents({ title, agents }: { title: string; agents: AgentEntry[] }) {
  return (
    <section aria-label={title}>
      <h3>
        {title} <span className="muted">({agents.length})</span>
      </h3>
      {agents.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {agents.map((a) => (
            <li key={a.user.id}>
              <RecordLinkButton link={a.user} />{" "}
              {a.roles.length > 0 && <span className="muted">{a.roles.join(", ")}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A user page. */
export function UserPageView({ page }: { page: UserPage }) {
  const n = page.names;
  const row = (label: string, value: string | null | undefined) =>
    value ? (
      <div>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;
  return (
    <article className="record-page" aria-label={`User ${page.link.label}`}>
      <h2>
        {page.link.label} {n.pronouns && <span className="muted">({n.pronouns})</span>}
        {page.link.inactive && <span className="badge warn">tobedeleted</span>}
        {page.enabled === false && <span className="badge warn">disabled</span>}
      </h2>
      <dl className="fields">
        {row("Given name", n.givenName)}
        {row("Middle name", n.middleName)}
        {row("Family name", n.familyName)}
        {row("Preferred first name", n.preferredFirstName)}
        {row("Preferred middle name", n.preferredMiddleName)}
        {row("Preferred last name", n.preferredLastName)}
        {row("Pronouns", n.pronouns)}
        {row("Username", page.username)}
        {row("Email", page.email)}
        {row("Phone", page.phone)}
        {row("SMS", page.sms)}
        {row("Identifier", page.identifier)}
        {row("Master identifier", page.masterIdentifier)}
        {row("Grades", page.grades.join(", "))}
        {row("Enabled", page.enabled === null ? null : page.enabled ? "yes" : "no")}
        {page.primaryOrg && (
          <div>
            <dt>Primary org</dt>
            <dd>
              <RecordLinkButton link={page.primaryOrg} />
            </dd>
          </div>
        )}
      </dl>
      <section aria-label="Identifiers">
        <h3>Identifiers (userIds)</h3>
        {page.userIds.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <dl className="fields">
            {page.userIds.map((u, i) => (
              <div key={i}>
                <dt>{u.name}</dt>
                <dd>{u.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-label="Roles">
        <h3>Roles</h3>
        <table className="members">
          <thead>
            <tr>
              <th>Role</th>
              <th>Type</th>
              <th>Org</th>
              <th>Begins</th>
              <th>Ends</th>
            </tr>
          </thead>
          <tbody>
            {page.roles.map((r, i) => (
              <tr key={i}>
                <td>
                  {r.role}
                  {r.current && <span className="badge current">current</span>}
                </td>
                <td>{r.roleType}</td>
                <td>{r.org ? <RecordLinkButton link={r.org} /> : "—"}</td>
                <td>
                  <RosterDate value={r.beginDate} />
                </td>
                <td>
                  <RosterDate value={r.endDate} exclusive />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Agents title="Agents (guardians and others this user names)" agents={page.agents} />
      <Agents title="Agent of (users naming this one)" agents={page.agentOf} />
      <section aria-label="Classes">
        <h3>
          Classes and enrollments <span className="muted">({page.enrollments.length})</span>
        </h3>
        {page.enrollments.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table className="members" aria-label="Enrollments table">
            <thead>
              <tr>
                <th>Class</th>
                <th>Role</th>
                <th>School</th>
                <th>Begins</th>
                <th>Ends</th>
              </tr>
            </thead>
            <tbody>
              {page.enrollments.map((e) => (
                <tr key={e.enrollmentId} className={e.inactive ? "inactive" : undefined}>
                  <td>
                    <RecordLinkButton link={e.class} /> {e.classCode && <span className="muted">{e.classCode}</span>}
                    {e.primary && <span className="badge primary">primary</span>}
                    {e.inactive && <span className="badge warn">tobedeleted</span>}
                  </td>
                  <td>{e.role}</td>
                  <td>{e.school ?? ""}</td>
                  <td>
                    <RosterDate value={e.beginDate} />
                  </td>
                  <td>
                    <RosterDate value={e.endDate} exclusive />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RecordLinkList title="Resources" links={page.resources} />
      <DemographicsPanel key={page.link.id} page={page} />
      <RawRecord raw={page.raw} />
    </article>
  );
}
