#!/usr/bin/python3
"""Swift's container-updater for the test harness: one long-lived process per region.

Account stats (container/object count, bytes used) only change when a container-updater
reports container stats to the account server. Measured on 2 cores, the stock options
cost too much:
  * `swift-container-updater` daemon: forks a child per partition on every pass
    (~0.5 core per region at interval=2, even when idle);
  * `swift-container-updater <conf> once` in a loop: ~1.4 s CPU of imports per run;
  * ContainerUpdater.container_sweep in a loop: opens every container DB on every pass
    (a full core with ~1300 containers).
So this reuses Swift's ContainerUpdater.process_container, but only for container DBs
whose file or .pending journal changed since the previous pass (a stat per container).

usage: container_updater_loop.py <container-server.conf>   (interval from [container-updater])
"""
import os
import sys
import time

from swift.common import utils
from swift.container.updater import ContainerUpdater


def signature(db):
    """(mtime, size) of a container DB and of its .pending journal."""
    sig = []  # sig[0] is None for a hash dir without a DB: nothing to process
    for path in (db, db + '.pending'):
        try:
            st = os.stat(path)
            sig.append((st.st_mtime_ns, st.st_size))
        except OSError:
            sig.append(None)
    return tuple(sig)


def subdirs(path):
    try:
        return [e.path for e in os.scandir(path) if e.is_dir()]
    except OSError:
        return []


def container_dbs(partitions):
    """containers/<part>/<suffix>/<hash>/<hash>.db, without listing each hash dir."""
    for part in partitions:
        for suffix in subdirs(part):
            for hash_dir in subdirs(suffix):
                yield os.path.join(hash_dir, os.path.basename(hash_dir) + '.db')


def main():
    conf = utils.readconf(sys.argv[1], 'container-updater')
    interval = float(conf.get('interval', 2))
    utils.validate_configuration()
    logger = utils.get_logger(conf, conf.get('log_name', 'container-updater'),
                              log_route='container-updater')
    utils.eventlet_monkey_patch()
    updater = ContainerUpdater(conf, logger=logger)
    seen = {}  # container DB path -> signature when last processed
    logger.info('container-updater loop started (interval %ss)', interval)
    while True:
        begin = time.time()
        updater.successes = updater.failures = updater.no_changes = 0
        for db in container_dbs(updater.get_paths()):
            # Taken before processing: a change landing meanwhile (or the updater's
            # own write) simply gets the DB processed once more.
            sig = signature(db)
            if seen.get(db) == sig or sig[0] is None:
                continue
            failures = updater.failures
            try:
                updater.process_container(db)
            except Exception:
                logger.exception('error processing container %s', db)
                failures = -1
            if updater.failures == failures:
                seen[db] = sig
            else:
                seen.pop(db, None)  # retry on the next pass
        if updater.successes or updater.failures:
            logger.info('container sweep: %d reported, %d failed, %d unchanged in %.2fs',
                        updater.successes, updater.failures, updater.no_changes,
                        time.time() - begin)
        time.sleep(max(0.0, interval - (time.time() - begin)))


if __name__ == '__main__':
    main()
