/*
 * node_holders.h -- which caching domains may hold a block in their DC-L1 node (noderec.h):
 * a superset directory that lets the replication search visit only the candidate nodes
 * instead of every other domain's node of the same home.
 *
 * Invariant (kept by noderec.c): a domain that holds the block in its node's per-set list has
 * its bit set.  Bits are set when the domain accesses the block and cleared only when a search
 * of that domain's node finds the block absent, so the directory is a superset of the holders
 * and the search over its bits gives exactly the minimum that the search over every domain
 * gives (each candidate is still looked up in its node: the directory decides which nodes are
 * searched, never a result).  Every failed look-up clears a bit that one access set, so the
 * searches per access are amortised O(1 + holders) instead of O(domains) per miss.
 *
 * Domains 0 .. NODE_HOLDERS_DOMAINS-1 are tracked; the caller searches any beyond them always.
 * Storage: one open-addressing table (linear probing, load <= 1/2) of block -> 128-bit mask,
 * 24 bytes per slot, about 48 bytes per distinct block fed in.
 */
#ifndef GPUDSE_NODE_HOLDERS_H
#define GPUDSE_NODE_HOLDERS_H

#include <stdint.h>

#define NODE_HOLDERS_DOMAINS 128

typedef struct node_holders node_holders_t;

/* NULL when out of memory. */
node_holders_t *node_holders_alloc(void);
void node_holders_free(node_holders_t *h);
/* The block's mask (NODE_HOLDERS_DOMAINS / 64 words, bit e of word e / 64 = domain e), zero
 * for a block not seen before.  Valid until the next call.  NULL when out of memory. */
uint64_t *node_holders_mask(node_holders_t *h, uint64_t block);
/* Bytes held. */
uint64_t node_holders_bytes(const node_holders_t *h);

#endif
