#!/usr/bin/python3
"""Listing rows written into a region's account or container database by Swift's own brokers.

What a container server does with an object server's backend PUT (and an account server with
a container server's), done for every row in one process: the broker's put_object or
put_container journals each row, and reading the database's info commits the journal. A backend
PUT per row cost the one server ~1-2 ms of CPU each (12,000 rows: ~10 s of a lane, three times
that on cores the journeys share); here the rows take one Python start and one commit.

usage: write_rows.py < job.json
  job: {"swiftDir", "devices", "account", "container" (objects) or null (containers),
        "timestamp", "rows": [...]}
  an object row: {"name", "bytes", "etag", "contentType"}
  a container row: {"name", "listed": true | false (false takes it out of the listing)}
"""
import json
import os
import sys

from swift.account.backend import DATADIR as ACCOUNT_DATADIR, AccountBroker
from swift.common.ring import Ring
from swift.common.utils import hash_path, storage_directory
from swift.container.backend import DATADIR as CONTAINER_DATADIR, ContainerBroker

NEVER = '0000000000.00000'


def database(job, ring_name, datadir, *names):
    part, nodes = Ring(job['swiftDir'], ring_name=ring_name).get_nodes(*names)
    # One replica, as the harness's rings have: with more, a row written to one would show in some listings only.
    assert len(nodes) == 1, 'expected one replica, found %d' % len(nodes)
    name_hash = hash_path(*names)
    folder = storage_directory(datadir, part, name_hash)
    path = os.path.join(job['devices'], nodes[0]['device'], folder, name_hash + '.db')
    if not os.path.exists(path):
        sys.exit('no database for %s (made through the proxy first?): %s' % ('/'.join(names), path))
    return path


def write_objects(job):
    path = database(job, 'container', CONTAINER_DATADIR, job['account'], job['container'])
    broker = ContainerBroker(path, account=job['account'], container=job['container'])
    # The row must carry the container's storage policy, or the listing leaves it out as misplaced.
    policy = broker.get_info()['storage_policy_index']
    for row in job['rows']:
        broker.put_object(row['name'], job['timestamp'], row['bytes'], row['contentType'], row['etag'],
                          storage_policy_index=policy)
    return broker


def write_containers(job):
    broker = AccountBroker(database(job, 'account', ACCOUNT_DATADIR, job['account']), account=job['account'])
    for row in job['rows']:
        # A row is deleted when its delete time is the later one.
        put, delete = (job['timestamp'], NEVER) if row['listed'] else (NEVER, job['timestamp'])
        broker.put_container(row['name'], put, delete, 0, 0, 0)
    return broker


def main():
    job = json.load(sys.stdin)
    broker = write_objects(job) if job['container'] is not None else write_containers(job)
    broker.get_info()  # commits the journal, so the next listing finds every row at once
    print(len(job['rows']))


if __name__ == '__main__':
    main()
