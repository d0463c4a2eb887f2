package sim

// limiterGroups are the runners with a free goroutine, grouped by phase: the groups sit in a
// phaseCircle, and each counts its members with a task running (partial).
type limiterGroups struct {
	r      *fleetRun
	next   []int64 // a runner's first fetch not yet counted (its next fetch while it has a free goroutine)
	group  []int32 // a runner's group, or -1
	pos    []int32 // its place among the group's members
	circle *phaseCircle
	groups []limiterGroup
	free   []int32 // unused groups
}

type limiterGroup struct {
	members []int32
	partial int
}

func newLimiterGroups(r *fleetRun, n int) *limiterGroups {
	l := &limiterGroups{r: r, next: make([]int64, n), group: make([]int32, n), pos: make([]int32, n),
		circle: newPhaseCircle(r.grid, n)}
	for i := range l.group {
		l.group[i] = -1
	}
	return l
}

func (l *limiterGroups) isDeferred(id int32) bool { return l.group[id] < 0 }

// add puts runner id in the group of its phase.
func (l *limiterGroups) add(id int32) {
	ph := l.next[id] % l.r.grid
	gi, ok := l.circle.find(ph)
	if !ok {
		if len(l.free) > 0 {
			gi = l.free[len(l.free)-1]
			l.free = l.free[:len(l.free)-1]
		} else {
			gi = int32(len(l.groups))
			l.groups = append(l.groups, limiterGroup{})
		}
		l.circle.insert(ph, gi)
	}
	g := &l.groups[gi]
	l.group[id], l.pos[id] = gi, int32(len(g.members))
	g.members = append(g.members, id)
	if l.r.idle[id] < int32(l.r.c.Capacity) {
		g.partial++
	}
}

// remove takes runner id out of its group.
func (l *limiterGroups) remove(id int32) {
	gi := l.group[id]
	g := &l.groups[gi]
	last := g.members[len(g.members)-1]
	g.members[l.pos[id]] = last
	l.pos[last] = l.pos[id]
	g.members = g.members[:len(g.members)-1]
	if l.r.idle[id] < int32(l.r.c.Capacity) {
		g.partial--
	}
	l.group[id] = -1
	if len(g.members) == 0 {
		l.circle.remove(l.next[id]%l.r.grid, gi)
		l.free = append(l.free, gi)
	}
}
