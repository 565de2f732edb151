//! The Rosters area's reads through TanStack Query: every key starts with the connection, so
//! that `cache-changed` for it invalidates exactly its data.

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useBackend } from "../../backend";
import type { ClassQuery } from "../../bindings/ClassQuery";
import type { RosterScope } from "../../bindings/RosterScope";

export const rosterKeys = {
  sources: () => ["roster-sources"] as const,
  level: (connection: string, scope: RosterScope) => [connection, "roster-level", scope] as const,
  classes: (connection: string, query: ClassQuery) => [connection, "roster-classes", query] as const,
  calendar: (connection: string) => [connection, "roster-calendar"] as const,
  checks: (connection: string) => [connection, "roster-checks"] as const,
  classPage: (connection: string, id: string) => [connection, "roster-class", id] as const,
  userPage: (connection: string, id: string) => [connection, "roster-user", id] as const,
  record: (connection: string, collection: string, id: string) =>
    [connection, "roster-record", collection, id] as const,
  search: (connection: string, query: string) => [connection, "roster-search", query] as const,
};

export function useRosterSources() {
  const backend = useBackend();
  return useQuery({ queryKey: rosterKeys.sources(), queryFn: () => backend.rosterSources() });
}

export function useRosterLevel(connection: string, scope: RosterScope) {
  const backend = useBackend();
  return useQuery({
    queryKey: rosterKeys.level(connection, scope),
    queryFn: () => backend.rosterLevel(connection, scope),
    placeholderData: keepPreviousData,
  });
}

export function useClassTable(connection: string, query: ClassQuery) {
  const backend = useBackend();
  return useQuery({
    queryKey: rosterKeys.classes(connection, query),
    queryFn: () => backend.rosterClasses(connection, query),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(connection: string) {
  const backend = useBackend();
  return useQuery({ queryKey: rosterKeys.calendar(connection), queryFn: () => backend.rosterCalendar(connection) });
}

export function useChecks(connection: string) {
  const backend = useBackend();
  return useQuery({ queryKey: rosterKeys.checks(connection), queryFn: () => backend.rosterChecks(connection) });
}

export function useClassPage(connection: string, id: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: rosterKeys.classPage(connection, id),
    queryFn: () => backend.rosterClass(connection, id),
  });
}

export function useUserPage(connection: string, id: string) {
  const backend = useBackend();
  return useQuery({ queryKey: rosterKeys.userPage(connection, id), queryFn: () => backend.rosterUser(connection, id) });
}

export function useRecordPage(connection: string, collection: string, id: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: rosterKeys.record(connection, collection, id),
    queryFn: () => backend.rosterRecord(connection, collection, id),
  });
}

export function useUserSearch(connection: string, query: string) {
  const backend = useBackend();
  const text = query.trim();
  return useQuery({
    queryKey: rosterKeys.search(connection, text),
    queryFn: () => backend.rosterSearchUsers(connection, text, 50),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
