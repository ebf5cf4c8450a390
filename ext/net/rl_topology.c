/* What a process knows of a deployment: see rl_topology.h. */
#include "rl_topology.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
# define strcasecmp _stricmp
#else
# include <strings.h> /* strcasecmp */
#endif

/* A config like template, for address (copied); false when out of memory. */
static bool config_for(rl_conn_config *out, const rl_conn_config *template_config, const rl_server_address *address)
{
	rl_server_address copy = *address;
	copy.username = template_config->address.username;
	copy.password = template_config->address.password;
	copy.database = template_config->address.database;
	*out = *template_config;
	return rl_server_copy(&out->address, &copy);
}

static void describe_group(const rl_server_group *group, char *buf, size_t cap)
{
	size_t used = (size_t)snprintf(buf, cap, "%s", group->kind == RL_GROUP_SENTINEL ? "sentinel://" : "cluster://"), i;
	for (i = 0; i < group->n && used < cap; i++) {
		const rl_server_address *a = &group->nodes[i];
		used += (size_t)snprintf(buf + used, cap - used, strchr(a->host, ':') ? "%s[%s]:%d" : "%s%s:%d",
			i ? "," : "", a->host, a->port);
	}
	if (group->kind == RL_GROUP_SENTINEL && used < cap) {
		snprintf(buf + used, cap - used, "/%s", group->master_name);
	}
}

rl_topology *rl_topology_new(const rl_server_group *group, const rl_conn_config *entry_template,
		const rl_conn_config *node_template)
{
	rl_topology *t = calloc(1, sizeof(*t));
	char name[400];
	size_t i;

	if (!t) {
		return NULL;
	}
	t->kind = group->kind;
	t->master = -1;
	t->node_template = *node_template;
	memset(&t->node_template.address, 0, sizeof(t->node_template.address));
	t->node_template.address.database = node_template->address.database;
	describe_group(group, name, sizeof(name));
	if (!(t->name = strdup(name))
			|| (group->master_name && !(t->master_name = strdup(group->master_name)))
			|| (node_template->address.username
				&& !(t->node_template.address.username = strdup(node_template->address.username)))
			|| (node_template->address.password
				&& !(t->node_template.address.password = strdup(node_template->address.password)))
			|| !(t->entries = calloc(group->n, sizeof(*t->entries)))) {
		rl_topology_free(t);
		return NULL;
	}
	for (i = 0; i < group->n; i++) {
		/* seeds are data nodes: their credentials; Sentinels have their own */
		if (!config_for(&t->entries[i], group->kind == RL_GROUP_SENTINEL ? entry_template : &t->node_template,
				&group->nodes[i])) {
			rl_topology_free(t);
			return NULL;
		}
		t->n_entries++;
	}
	return t;
}

void rl_topology_free(rl_topology *t)
{
	size_t i;

	if (!t) {
		return;
	}
	for (i = 0; i < t->n_entries; i++) {
		rl_server_address_free(&t->entries[i].address);
	}
	for (i = 0; i < t->n_nodes; i++) {
		rl_server_address_free(&t->nodes[i].config.address);
		free(t->nodes[i].pool_key);
	}
	rl_server_address_free(&t->node_template.address);
	rl_conn_close(t->sentinel_conn);
	free(t->entries);
	free(t->nodes);
	free(t->slot_node);
	free(t->name);
	free(t->master_name);
	free(t);
}

long rl_topology_node(rl_topology *t, const char *host, int port)
{
	rl_server_address address;
	size_t i;

	for (i = 0; i < t->n_nodes; i++) {
		const rl_server_address *a = &t->nodes[i].config.address;
		if (a->port == port && strcasecmp(a->host, host) == 0) {
			return (long)i;
		}
	}
	if (t->n_nodes == t->cap_nodes) {
		size_t cap = t->cap_nodes ? 2 * t->cap_nodes : 8;
		rl_route_node *nodes = realloc(t->nodes, cap * sizeof(*nodes));
		if (!nodes) {
			return -1;
		}
		t->nodes = nodes;
		t->cap_nodes = cap;
	}
	memset(&address, 0, sizeof(address));
	address.transport = RL_TRANSPORT_TCP;
	address.host = (char *)host;
	address.port = port;
	memset(&t->nodes[t->n_nodes], 0, sizeof(t->nodes[0]));
	if (!config_for(&t->nodes[t->n_nodes].config, &t->node_template, &address)) {
		return -1;
	}
	return (long)t->n_nodes++;
}
