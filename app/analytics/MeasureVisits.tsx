import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { measureVisit } from './measure';

/** Counts each page the visitor sees, first-party and without cookies (decision 0037). */
export function MeasureVisits() {
  const { pathname } = useLocation();
  useEffect(() => measureVisit(pathname), [pathname]);
  return null;
}
