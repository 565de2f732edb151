//! The class page: course, school, terms (current marked), periods, subjects, grades; teachers
//! (primary marked), students and other members with their enrollment dates and roles; its
//! resources and line items; the roster as CSV; the raw record.

import { useState } from "react";

import { useBackend } from "../../backend";
import type { ClassMember } from "../../bindings/ClassMember";
import type { ClassPage } from "../../bindings/ClassPage";
import { formatCount } from "../../ui/formatCount";
import { useOpenGradebook } from "../gradebook/gradebookState";
import { RawRecord } from "./RawRecord";
import { RecordLinkButton } from "./RecordLinkButton";
import { RecordLinkList } from "./RecordLinkList";
import { RosterDate } from "./RosterDate";

function Members({ title, members }: { title: string; members: ClassMember[] }) {
  return (
    <section aria-label={title}>
      <h3>
        {title} <span className="muted">({formatCount(members.length)})</span>
      </h3>
      {members.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="members" aria-label={`${title} table`}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Begins</th>
              <th>Ends</th>
              <th>Username</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.enrollmentId} className={m.inactive ? "inactive" : undefined}>
                <td>
                  <RecordLinkButton link={m.user} />
                  {m.preferredFirstName && <span className="muted"> ({m.preferredFirstName})</span>}
                  {m.primary && <span className="badge primary">primary</span>}
                  {m.inactive && <span className="badge warn">enrollment tobedeleted</span>}
                  {m.disabled && <span className="badge warn">disabled</span>}
                  {m.outsideTerms && (
                    <span className="badge warn" title="The enrollment's dates fall outside the class's terms">
                      outside terms
                    </span>
                  )}
                </td>
                <td>{m.role}</td>
                <td>
                  <RosterDate value={m.beginDate} />
                </td>
                <td>
                  <RosterDate value={m.endDate} exclusive />
                </td>
                <td>{m.username ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A class page. */
export function ClassPageView({ page }: { page: ClassPage }) {
  const backend = useBackend();
  const openGradebook = useOpenGradebook();
  const [message, setMessage] = useState<string | null>(null);
  const save = async (demographics: boolean) => {
    try {
      const path = await backend.rosterExportClass(page.connection, page.link.id, demographics);
      setMessage(`Saved the roster to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${(error as { message?: string }).message ?? String(error)}`);
    }
  };
  const list = (values: string[]) => (values.length ? values.join(", ") : "—");
  return (
    <article className="record-page" aria-label={`Class ${page.link.label}`}>
      <h2>
        {page.link.label} {page.link.inactive && <span className="badge warn">tobedeleted</span>}
      </h2>
      <p className="muted">
        Class · {page.classCode ?? "no code"} · {formatCount(page.counts.teachers)} teachers ·{" "}
        {formatCount(page.counts.students)} students
      </p>
      <dl className="fields">
        <div>
          <dt>Course</dt>
          <dd>{page.course ? <RecordLinkButton link={page.course} /> : "—"}</dd>
        </div>
        <div>
          <dt>School</dt>
          <dd>{page.school ? <RecordLinkButton link={page.school} /> : "—"}</dd>
        </div>
        <div>
          <dt>Terms</dt>
          <dd>
            {page.terms.map((t) => (
              <div key={t.link.id}>
                <RecordLinkButton link={t.link} /> <RosterDate value={t.startDate} /> to{" "}
                <RosterDate value={t.endDate} exclusive />
                {t.current && <span className="badge current">current</span>}
              </div>
            ))}
          </dd>
        </div>
        <div>
          <dt>Periods</dt>
          <dd>{list(page.periods)}</dd>
        </div>
        <div>
          <dt>Subjects</dt>
          <dd>
            {list(page.subjects)}
            {page.subjectCodes.length > 0 && <span className="muted"> ({page.subjectCodes.join(", ")})</span>}
          </dd>
        </div>
        <div>
          <dt>Grades</dt>
          <dd>{list(page.grades)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>
            {page.classType ?? "—"}
            {page.location && ` · ${page.location}`}
          </dd>
        </div>
      </dl>
      <div className="toolbar">
        {openGradebook && (
          <button
            type="button"
            className="primary"
            onClick={() => openGradebook({ connection: page.connection, classId: page.link.id })}
          >
            Open gradebook
          </button>
        )}
        <button type="button" onClick={() => void save(false)}>
          Export roster as CSV
        </button>
        <button
          type="button"
          onClick={() => void save(true)}
          title="Adds each member's demographics (only where the connection holds the scope)"
        >
          Export with demographics
        </button>
      </div>
      {message && (
        <p className="export-message" role="status">
          {message}
        </p>
      )}
      <Members title="Teachers" members={page.teachers} />
      <Members title="Students" members={page.students} />
      {page.others.length > 0 && <Members title="Other members" members={page.others} />}
      <RecordLinkList title="Resources" links={page.resources} />
      <section aria-label="Line items">
        <h3>
          Line items <span className="muted">({page.lineItems.length})</span>
        </h3>
        {page.lineItems.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table className="members">
            <thead>
              <tr>
                <th>Title</th>
                <th>Assigned</th>
                <th>Due</th>
                <th>Category</th>
                <th>Grading period</th>
              </tr>
            </thead>
            <tbody>
              {page.lineItems.map((l) => (
                <tr key={l.link.id}>
                  <td>
                    <RecordLinkButton link={l.link} />
                  </td>
                  <td>
                    <RosterDate value={l.assignDate} />
                  </td>
                  <td>
                    <RosterDate value={l.dueDate} />
                  </td>
                  <td>{l.category ?? ""}</td>
                  <td>{l.gradingPeriod ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RawRecord raw={page.raw} />
    </article>
  );
}
