/*
 * Redis Cluster's key-to-slot rule, in one place: a key is hashed by its hash
 * tag (the bytes between the first '{' and the first '}' after it, when not
 * empty), else whole, with CRC16 (XMODEM) modulo 16384. Every key builder
 * that must keep keys together asks here.
 */
#ifndef RL_SLOT_H
#define RL_SLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RL_SLOT_COUNT 16384

uint16_t rl_slot_crc16(const char *buf, size_t len);

/* The key's hash tag, if it has one (*tag points into key). */
bool rl_slot_hash_tag(const char *key, size_t len, const char **tag, size_t *tag_len);

/* The cluster slot of a key. */
unsigned int rl_slot_of(const char *key, size_t len);

/*
 * A tag of RL_SLOT_MADE_TAG_LEN characters from [0-9A-Za-z] (no braces) whose
 * slot is slot: the first such string in that order. For keys whose slot no
 * tag of their own can express (no tag, yet a '}' inside).
 */
#define RL_SLOT_MADE_TAG_LEN 3
void rl_slot_make_tag(unsigned int slot, char out[RL_SLOT_MADE_TAG_LEN]);

#endif /* RL_SLOT_H */
