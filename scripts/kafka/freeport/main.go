// Command freeport prints N free TCP ports on 127.0.0.1 (default 1), one a line, by asking
// the OS for port 0. The ports are released before printing, so a caller should bind them
// soon; all N are held together while choosing, so they differ from each other.
package main

import (
	"fmt"
	"net"
	"os"
	"strconv"
)

func main() {
	n := 1
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 1 || v > 100 {
			fmt.Fprintf(os.Stderr, "freeport: count must be a number from 1 to 100, got %q\n", os.Args[1])
			os.Exit(2)
		}
		n = v
	}
	var ls []net.Listener
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintf(os.Stderr, "freeport: %v\n", err)
			os.Exit(1)
		}
		ls = append(ls, l)
	}
	for _, l := range ls {
		fmt.Println(l.Addr().(*net.TCPAddr).Port)
		l.Close()
	}
}
