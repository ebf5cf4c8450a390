/* Redis Cluster's key-to-slot rule: see rl_slot.h. */
#include <string.h>

#include "rl_slot.h"

uint16_t rl_slot_crc16(const char *buf, size_t len)
{
	/* CRC-16/XMODEM (poly 0x1021, init 0), bit by bit: keys are short, and no table to get wrong */
	uint16_t crc = 0;
	size_t i;
	int bit;

	for (i = 0; i < len; i++) {
		crc ^= (uint16_t)((unsigned char)buf[i] << 8);
		for (bit = 0; bit < 8; bit++) {
			crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
		}
	}
	return crc;
}

bool rl_slot_hash_tag(const char *key, size_t len, const char **tag, size_t *tag_len)
{
	const char *open = memchr(key, '{', len), *close;

	if (!open) {
		return false;
	}
	close = memchr(open + 1, '}', len - (size_t)(open + 1 - key));
	if (!close || close == open + 1) {
		return false;
	}
	*tag = open + 1;
	*tag_len = (size_t)(close - open - 1);
	return true;
}

unsigned int rl_slot_of(const char *key, size_t len)
{
	const char *tag;
	size_t tag_len;

	if (rl_slot_hash_tag(key, len, &tag, &tag_len)) {
		return rl_slot_crc16(tag, tag_len) % RL_SLOT_COUNT;
	}
	return rl_slot_crc16(key, len) % RL_SLOT_COUNT;
}

void rl_slot_make_tag(unsigned int slot, char out[RL_SLOT_MADE_TAG_LEN])
{
	static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	const size_t n = sizeof(alphabet) - 1;
	size_t a, b, c;

	/* 62^3 = 238,328 candidates cover all 16,384 slots (checked by tests/lock_wait_keys_names.phpt) */
	for (a = 0; a < n; a++) {
		for (b = 0; b < n; b++) {
			for (c = 0; c < n; c++) {
				out[0] = alphabet[a];
				out[1] = alphabet[b];
				out[2] = alphabet[c];
				if (rl_slot_crc16(out, RL_SLOT_MADE_TAG_LEN) % RL_SLOT_COUNT == slot % RL_SLOT_COUNT) {
					return;
				}
			}
		}
	}
}
