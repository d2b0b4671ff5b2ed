// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// This file holds the go generate command to run yacc on the grammar in grammar.y.
// To build y.go:
//      % go generate
//      % go build

//go:generate goyacc -v y.output grammar.y
package parser

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/ast"
)

// dottedExpr makes the expression of a decorator's dotted name: @name is a Name,
// @obj.attr (a property's setter) an Attribute chain.
func dottedExpr(pos ast.Pos, dotted string) ast.Expr {
	parts := strings.Split(dotted, ".")
	var e ast.Expr = &ast.Name{ExprBase: ast.ExprBase{Pos: pos}, Id: ast.Identifier(parts[0]), Ctx: ast.Load}
	for _, p := range parts[1:] {
		e = &ast.Attribute{ExprBase: ast.ExprBase{Pos: pos}, Value: e, Attr: ast.Identifier(p), Ctx: ast.Load}
	}
	return e
}
